import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText, ImagePlus, Upload, X } from 'lucide-react';
import type { DocumentRule } from '@/shared/schemas/partners';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { acceptOf, formatBytes } from '../lib/documents';

interface DocumentFieldProps {
  rule: DocumentRule;
  files: File[];
  onChange: (files: File[]) => void;
  /** Translated message of what is wrong, if anything. */
  error?: string;
  /** Per file, the share uploaded (0 to 1) while the application is being sent. */
  progress?: number[];
  disabled?: boolean;
}

/** One document slot: choose (or add, for photos), see each chosen file with its upload progress, remove. */
export function DocumentField({ rule, files, onChange, error, progress, disabled }: DocumentFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const isMultiple = rule.max > 1;
  const label = t(`partners.documents.kinds.${rule.kind}`);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const isFull = files.length >= rule.max;

  const handleChoose = (chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return;
    const added = Array.from(chosen);
    onChange(isMultiple ? [...files, ...added] : added.slice(0, 1));
    if (input.current) input.current.value = '';
  };

  return (
    <div className="grid gap-2" data-invalid={error ? true : undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className={cn('text-sm font-medium', error && 'text-destructive')}>
          {label}
          {rule.min > 0 && <span aria-hidden="true"> *</span>}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          className="peer sr-only"
          accept={acceptOf(rule)}
          multiple={isMultiple}
          disabled={disabled || (isMultiple && isFull)}
          aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          data-document={rule.kind}
          onChange={(event) => handleChoose(event.target.files)}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2"
          disabled={disabled || (isMultiple && isFull)}
          onClick={() => input.current?.click()}
          aria-hidden="true"
          tabIndex={-1}
        >
          {isMultiple ? <ImagePlus aria-hidden="true" /> : <Upload aria-hidden="true" />}
          {isMultiple ? t('partners.documents.choosePhotos') : files.length > 0 ? t('partners.documents.replace') : t('partners.documents.choose')}
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {rule.imagesOnly ? t('partners.documents.photoHint') : t('partners.documents.hint')}
      </p>
      {files.length > 0 && (
        <ul className="grid gap-2">
          {files.map((file, index) => {
            const share = progress?.[index];
            const percent = share === undefined ? null : Math.round(share * 100);
            return (
              <li key={`${file.name}-${index}`} className="grid gap-1 rounded-md border p-2 text-sm">
                <div className="flex min-w-0 items-center gap-2">
                  <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate">{file.name}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(file.size, i18n.language)}</span>
                  {!disabled && (
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-label={t('partners.documents.remove', { name: file.name })}
                      onClick={() => onChange(files.filter((_, other) => other !== index))}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  )}
                </div>
                {percent !== null && (
                  <progress
                    className="h-1.5 w-full accent-primary"
                    max={100}
                    value={percent}
                    aria-label={t('partners.documents.progress', { name: file.name, percent })}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
