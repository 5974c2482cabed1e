import { useTranslation } from 'react-i18next';
import type { ImportRowError } from '@/shared/schemas/imports';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';

/** What is wrong with one cell, in the reader's language, with the closest places when a place was not found. */
function Problem({ error }: { error: ImportRowError }) {
  const { t } = useTranslation();
  return (
    <div className="grid min-w-0 gap-1">
      <p className="user-text">{t(error.messageKey, { ...error.params, defaultValue: error.message })}</p>
      {error.matches && error.matches.length > 0 && (
        <div className="text-sm text-muted-foreground">
          <p>{t('imports.closest')}</p>
          <ul className="grid gap-0.5">
            {error.matches.map((match) => (
              <li key={match.id} className="user-text">
                {match.name}, {match.state} · <code className="text-xs [overflow-wrap:anywhere]">{match.id}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The errors per cell: a table on wider screens, a card per error on a phone. */
export function ImportErrors({ errors }: { errors: readonly ImportRowError[] }) {
  const { t } = useTranslation();
  const keyOf = (error: ImportRowError, i: number) => `${error.row}:${error.column ?? ''}:${i}`;
  return (
    <>
      <div className="hidden sm:block">
        <Table data-testid="import-errors">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{t('imports.table.row')}</TableHead>
              <TableHead scope="col">{t('imports.table.column')}</TableHead>
              <TableHead scope="col">{t('imports.table.problem')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {errors.map((error, i) => (
              <TableRow key={keyOf(error, i)}>
                <TableCell className="align-top tabular-nums">{error.row}</TableCell>
                <TableCell className="align-top">
                  <code className="text-sm">{error.column ?? '—'}</code>
                </TableCell>
                <TableCell className="align-top whitespace-normal">
                  <Problem error={error} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 sm:hidden" data-testid="import-error-cards">
        {errors.map((error, i) => (
          <li key={keyOf(error, i)} className="grid min-w-0 gap-2 rounded-lg border p-3">
            <p className="text-sm text-muted-foreground">
              {t('imports.table.row')} <span className="font-medium text-foreground tabular-nums">{error.row}</span>
              {error.column && (
                <>
                  {' · '}
                  {t('imports.table.column')} <code className="text-foreground [overflow-wrap:anywhere]">{error.column}</code>
                </>
              )}
            </p>
            <Problem error={error} />
          </li>
        ))}
      </ul>
    </>
  );
}
