import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The commands of the quick start, against this very server (its origin), with a test key in LF_KEY. */
export function quickStartCommands(origin: string, now = Date.now()) {
  const tomorrow = new Date(now + DAY_MS).toISOString().slice(0, 10);
  const auth = '-H "Authorization: Bearer $LF_KEY"';
  const json = '-H "Content-Type: application/json"';
  return {
    setup: `export LF_KEY=lf_test_…\nexport LF_API=${origin}/api/v1`,
    places: `curl -s "$LF_API/places?q=ikeja%20city%20mall" ${auth}\ncurl -s "$LF_API/places?q=lekki%20phase%201" ${auth}`,
    quote: [
      `curl -s -X POST "$LF_API/quotes" ${auth} ${json} -d '{`,
      `  "pickup": { "placeId": "PICKUP_PLACE_ID", "line": "194 Obafemi Awolowo Way" },`,
      `  "dropoff": { "placeId": "DROPOFF_PLACE_ID", "line": "12 Admiralty Way" },`,
      `  "packageType": "documents", "packageWeight": "light", "transportMode": "bike",`,
      `  "deliveryType": "standard", "deliveryTime": "morning", "deliveryDate": "${tomorrow}"`,
      `}'`,
    ].join('\n'),
    book: [
      `curl -s -X POST "$LF_API/deliveries" ${auth} ${json} \\`,
      `  -H "Idempotency-Key: order-1001" -d '{`,
      `  "quoteId": "QUOTE_ID",`,
      `  "receiver": { "name": "Ada Obi", "phone": "+2348031234567" },`,
      `  "externalReference": "order-1001"`,
      `}'`,
    ].join('\n'),
    advance: `curl -s -X POST "$LF_API/test/deliveries/DELIVERY_ID/advance" ${auth} ${json} -d '{ "to": "picked_up" }'`,
    list: `curl -s "$LF_API/deliveries?externalReference=order-1001" ${auth}`,
  };
}

const STEPS = ['setup', 'places', 'quote', 'book', 'advance', 'list'] as const;

/** How to make a first test delivery from a terminal, step by step. */
export function QuickStart() {
  const { t } = useTranslation();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const commands = quickStartCommands(origin);
  return (
    <Card className="min-w-0" data-testid="quick-start">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('developers.quickStart.title')}</h2>
        </CardTitle>
        <CardDescription>{t('developers.quickStart.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-5 px-4 sm:px-6">
        {/* A new account has no test money, so a first booking without a top-up would be a surprise 402. */}
        <p className="text-sm" data-testid="quick-start-test-money">
          {t('developers.quickStart.testMoney')}{' '}
          <Link className="font-medium text-primary underline underline-offset-4" to="/dashboard/wallet">
            {t('developers.quickStart.topUp')}
          </Link>
        </p>
        <ol className="grid min-w-0 gap-5">
          {STEPS.map((step) => (
            <li key={step} className="grid min-w-0 gap-2">
              <p className="text-sm font-medium">{t(`developers.quickStart.steps.${step}`)}</p>
              <pre
                className="max-w-full overflow-x-auto rounded-md border bg-muted p-3 text-xs leading-relaxed"
                tabIndex={0}
                aria-label={t(`developers.quickStart.steps.${step}`)}
              >
                <code>{commands[step]}</code>
              </pre>
            </li>
          ))}
        </ol>
        <p className="text-sm">
          <a className="font-medium text-primary underline underline-offset-4" href="/api/docs" target="_blank" rel="noreferrer">
            {t('developers.quickStart.reference')}
          </a>
        </p>
      </CardContent>
    </Card>
  );
}
