import { useId, useState } from 'react';
import { Controller, useForm, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft, Loader2 } from 'lucide-react';
import {
  APPLICATION_SCHEMAS,
  DOCUMENT_RULES,
  INITIAL_CAPITAL_RANGES,
  INVESTMENT_AREAS,
  PARTNER_MESSAGE_KEYS,
  SERVICE_AVAILABILITIES,
  VEHICLE_TYPES,
  type DocumentKind,
  type PartnerType,
} from '@/shared/schemas/partners';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { RadioGroup, RadioGroupItem } from '@/web/components/ui/radio-group';
import { Textarea } from '@/web/components/ui/textarea';
import { isApiError } from '@/web/lib/api-client';
import { toastApiError } from '@/web/lib/toast-api-error';
import { cn } from '@/web/lib/cn';
import { useSubmitApplication } from '../api/submit-application';
import { documentProblems, orderedDocuments, type ChosenDocuments } from '../lib/documents';
import { DocumentField } from './document-field';

export const BECOME_PARTNER_PATH = '/dashboard/become-partner';
export const PARTNER_SUCCESS_PATH = '/dashboard/partner-success';

/** What the form hands the success screen: the application it has just sent. */
export interface PartnerSuccessState {
  submittedApplicationId: string;
}

interface TextFieldSpec {
  name: string;
  kind: 'text' | 'textarea' | 'tel' | 'email' | 'numeric';
  autoComplete?: string;
  maxLength: number;
  isOptional?: boolean;
}
interface ChoiceFieldSpec {
  name: string;
  kind: 'choice';
  values: readonly string[];
}
type FieldSpec = TextFieldSpec | ChoiceFieldSpec;
interface Section {
  titleKey: string;
  fields: FieldSpec[];
}

/** The spec's fields of each form, in its order, grouped as a person reads them. */
const SECTIONS: Record<PartnerType, Section[]> = {
  transportation: [
    {
      titleKey: 'business',
      fields: [
        { name: 'businessName', kind: 'text', autoComplete: 'organization', maxLength: 120, isOptional: true },
        { name: 'preferredRoutes', kind: 'textarea', maxLength: 300 },
        { name: 'serviceAvailability', kind: 'choice', values: SERVICE_AVAILABILITIES },
      ],
    },
    {
      titleKey: 'vehicle',
      fields: [
        { name: 'vehicleType', kind: 'choice', values: VEHICLE_TYPES },
        { name: 'vehicleBrand', kind: 'text', autoComplete: 'off', maxLength: 80 },
        { name: 'plateNumber', kind: 'text', autoComplete: 'off', maxLength: 20 },
        { name: 'driversLicenceNumber', kind: 'text', autoComplete: 'off', maxLength: 24 },
      ],
    },
  ],
  investment: [
    {
      titleKey: 'personal',
      fields: [
        { name: 'fullName', kind: 'text', autoComplete: 'name', maxLength: 100 },
        { name: 'phoneNumber', kind: 'tel', autoComplete: 'tel', maxLength: 24 },
        { name: 'emailAddress', kind: 'email', autoComplete: 'email', maxLength: 254 },
        { name: 'homeAddress', kind: 'textarea', maxLength: 300 },
      ],
    },
    {
      titleKey: 'investment',
      fields: [
        { name: 'investmentArea', kind: 'choice', values: INVESTMENT_AREAS },
        { name: 'initialCapital', kind: 'choice', values: INITIAL_CAPITAL_RANGES },
      ],
    },
    {
      titleKey: 'bank',
      fields: [
        { name: 'bankName', kind: 'text', autoComplete: 'off', maxLength: 100 },
        { name: 'accountNumber', kind: 'numeric', autoComplete: 'off', maxLength: 20 },
      ],
    },
  ],
};

function ChoiceField({
  spec,
  value,
  onChange,
  error,
  disabled,
}: {
  spec: ChoiceFieldSpec;
  value: string | undefined;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="grid gap-2 sm:col-span-2" data-invalid={error ? true : undefined}>
      <span id={`${id}-label`} className={cn('text-sm font-medium', error && 'text-destructive')}>
        {t(`partners.form.fields.${spec.name}`)}
        <span aria-hidden="true"> *</span>
      </span>
      <RadioGroup
        value={value ?? ''}
        onValueChange={onChange}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="grid grid-cols-2 gap-2 sm:grid-cols-3"
      >
        {spec.values.map((option) => (
          <label
            key={option}
            htmlFor={`${id}-${option}`}
            className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
          >
            <RadioGroupItem id={`${id}-${option}`} value={option} />
            {t(`partners.options.${spec.name}.${option}`)}
          </label>
        ))}
      </RadioGroup>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A partner application: the spec's fields and their validation (the shared schema), the documents a real review
 * needs, uploaded with the form with a progress bar per file; then the success screen.
 */
export function ApplicationForm({ type }: { type: PartnerType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmitApplication();
  const [documents, setDocuments] = useState<ChosenDocuments>({});
  const [documentErrors, setDocumentErrors] = useState<Partial<Record<DocumentKind, string>>>({});
  const [progress, setProgress] = useState<number[] | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FieldValues>({
    resolver: zodResolver(APPLICATION_SCHEMAS[type]) as unknown as Resolver<FieldValues>,
    defaultValues: { agreeTerms: false },
  });
  const isSubmitting = submit.isPending;
  const message = (name: string) => {
    const key = errors[name]?.message;
    return typeof key === 'string' ? t(key) : undefined;
  };
  const rules = DOCUMENT_RULES[type];
  const fieldNames = SECTIONS[type].flatMap((section) => section.fields.map((field) => field.name));

  const checkDocuments = () => {
    const problems = documentProblems(type, documents);
    setDocumentErrors(Object.fromEntries(Object.entries(problems).map(([kind, key]) => [kind, t(key)])));
    return problems;
  };

  const toastProblem = (description: string) => toast.error(t('partners.form.toast.validationTitle'), { description });

  const handleInvalid = (invalid: FieldErrors) => {
    checkDocuments();
    if (invalid.agreeTerms) {
      toast.error(t('auth.toasts.termsRequired'), { description: t(PARTNER_MESSAGE_KEYS.termsRequired) });
      return;
    }
    const first = fieldNames.find((name) => invalid[name]);
    const key = first ? invalid[first]?.message : undefined;
    toastProblem(typeof key === 'string' ? t(key) : t('partners.form.toast.validationDescription'));
  };

  const handleValid = async (values: FieldValues) => {
    const problems = checkDocuments();
    const firstProblem = rules.find((rule) => problems[rule.kind]);
    if (firstProblem) {
      toastProblem(`${t(`partners.documents.kinds.${firstProblem.kind}`)}: ${t(problems[firstProblem.kind]!)}`);
      return;
    }
    const upload = orderedDocuments(type, documents);
    setProgress(upload.map(() => 0));
    try {
      const application = await submit.mutateAsync({ type, fields: values, documents: upload, onProgress: setProgress });
      const state: PartnerSuccessState = { submittedApplicationId: application.id };
      await navigate(PARTNER_SUCCESS_PATH, { replace: true, state });
    } catch (error) {
      setProgress(null);
      if (isApiError(error)) {
        for (const [field, keys] of Object.entries(error.fieldKeys)) {
          if (!keys[0]) continue;
          if (rules.some((rule) => rule.kind === field)) setDocumentErrors((current) => ({ ...current, [field]: t(keys[0]!) }));
          else if (fieldNames.includes(field) || field === 'agreeTerms') setError(field, { message: keys[0] });
        }
      }
      toastApiError(t, error, t('partners.form.toast.failedTitle'), { alsoWhenUnavailable: true });
    }
  };

  /** Each document's progress: the upload sends them in the form's order. */
  const progressOf = (kind: DocumentKind): number[] | undefined => {
    if (!progress) return undefined;
    let offset = 0;
    for (const rule of rules) {
      const count = documents[rule.kind]?.length ?? 0;
      if (rule.kind === kind) return progress.slice(offset, offset + count);
      offset += count;
    }
    return undefined;
  };

  const renderField = (spec: FieldSpec) => {
    if (spec.kind === 'choice') {
      return (
        <Controller
          key={spec.name}
          name={spec.name}
          control={control}
          render={({ field }) => (
            <ChoiceField spec={spec} value={field.value as string | undefined} onChange={field.onChange} error={message(spec.name)} disabled={isSubmitting} />
          )}
        />
      );
    }
    const label = (
      <>
        {t(`partners.form.fields.${spec.name}`)}
        {!spec.isOptional && <span aria-hidden="true"> *</span>}
      </>
    );
    const common = {
      placeholder: t(`partners.form.placeholders.${spec.name}`),
      maxLength: spec.maxLength,
      autoComplete: spec.autoComplete,
      disabled: isSubmitting,
      ...register(spec.name),
    };
    return (
      <FormField key={spec.name} label={label} error={message(spec.name)} className={spec.kind === 'textarea' ? 'sm:col-span-2' : undefined}>
        {spec.kind === 'textarea' ? (
          <Textarea rows={2} {...common} />
        ) : (
          <Input
            type={spec.kind === 'tel' ? 'tel' : spec.kind === 'email' ? 'email' : 'text'}
            inputMode={spec.kind === 'numeric' ? 'numeric' : spec.kind === 'tel' ? 'tel' : undefined}
            {...common}
          />
        )}
      </FormField>
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleValid, handleInvalid)} className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="flex items-start gap-3">
        <Link to={BECOME_PARTNER_PATH} className={buttonVariants({ variant: 'ghost', size: 'icon' })} aria-label={t('partners.form.back')}>
          <ArrowLeft aria-hidden="true" />
        </Link>
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold">{t(`partners.form.${type}.title`)}</h2>
          <p className="text-sm text-muted-foreground">{t(`partners.form.${type}.subtitle`)}</p>
        </div>
      </div>

      {SECTIONS[type].map((section) => (
        <Card key={section.titleKey}>
          <CardHeader>
            <CardTitle>
              <h3 className="text-lg">{t(`partners.form.sections.${section.titleKey}`)}</h3>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5 sm:grid-cols-2">{section.fields.map(renderField)}</CardContent>
        </Card>
      ))}

      <Card>
        <CardHeader>
          <CardTitle>
            <h3 className="text-lg">{t('partners.form.sections.documents')}</h3>
          </CardTitle>
          <CardDescription>{t('partners.form.requiredHint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {rules.map((rule) => (
            <DocumentField
              key={rule.kind}
              rule={rule}
              files={documents[rule.kind] ?? []}
              onChange={(files) => {
                setDocuments((current) => ({ ...current, [rule.kind]: files }));
                setDocumentErrors((current) => ({ ...current, [rule.kind]: undefined }));
              }}
              error={documentErrors[rule.kind]}
              progress={progressOf(rule.kind)}
              disabled={isSubmitting}
            />
          ))}
        </CardContent>
      </Card>

      <Controller
        name="agreeTerms"
        control={control}
        render={({ field }) => (
          <div className="grid gap-2">
            <div className="flex items-start gap-3">
              <Checkbox
                id={`${type}-terms`}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                disabled={isSubmitting}
                aria-invalid={errors.agreeTerms ? true : undefined}
                aria-describedby={errors.agreeTerms ? `${type}-terms-error` : undefined}
                className="mt-0.5"
              />
              <label htmlFor={`${type}-terms`} className="text-sm leading-snug">
                {t('partners.form.terms')}
              </label>
            </div>
            {errors.agreeTerms && (
              <p id={`${type}-terms-error`} role="alert" className="text-sm font-medium text-destructive">
                {message('agreeTerms')}
              </p>
            )}
          </div>
        )}
      />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={BECOME_PARTNER_PATH} className={buttonVariants({ variant: 'outline' })}>
          {t('partners.form.cancel')}
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
          {isSubmitting ? t('partners.form.submitting') : t('partners.form.submit')}
        </Button>
      </div>
    </form>
  );
}
