// The kit of the components: buttons, labelled fields with inline errors, forms with busy and error states, actions,
// account reads. Tabs and separators: tabs.tsx; icons: icons.tsx; their CSS: styles.ts.
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ButtonHTMLAttributes, type FormEvent, type ReactNode, type Ref } from 'react';
import { OfflineError } from '../../runtime/http/errors.ts';
import type { ReadKey } from '../../runtime/client/reads/read-keys.ts';
import { useReadObserver } from '../hooks.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { errorText, isUnreachable, waitingText } from './error-text.ts';
import { Icon } from './icons.tsx';
import { LoadingText, RETRY_UNREACHABLE_MS } from './waiting.tsx';

/** The kit's button: `primary` (the default), `secondary` (outlined), `ghost` or `danger`; busy shows a spinner and disables it. */
export function Button({
  variant = 'primary',
  busy = false,
  icon,
  className,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'ghost' | 'danger'; busy?: boolean; icon?: ReactNode }) {
  const classes = ['aw-button', variant === 'primary' ? '' : `aw-${variant}`, className ?? ''].filter(Boolean).join(' ');
  return (
    <button type="button" {...props} className={classes} disabled={busy || props.disabled} aria-busy={busy || undefined}>
      {busy ? <Icon name="spinner" className="aw-spin" /> : icon}
      <span>{children}</span>
    </button>
  );
}

/** A field's error returned by a form's action: shown under that field instead of under the form. */
export interface FieldError {
  field: string;
  message: string;
}

/** What an action may resolve with: nothing (done), the form's error in words, or one field's error. */
type ActionResult = string | FieldError | null | void;

/** The field errors of the form around, by field name; each clears as its field is edited. */
const FieldErrors = createContext<{ errors: Readonly<Record<string, string>>; clear: (name: string) => void }>({ errors: {}, clear: () => undefined });

export interface TextFieldProps {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  required?: boolean;
  /** Beside the label, at its end (the sign-in form's "Forgot password?" link). */
  labelAside?: ReactNode;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its inline error; a password field has a button that shows or hides what was typed. */
export function TextField(props: TextFieldProps) {
  const t = useTranslation();
  const id = useId();
  const { errors, clear } = useContext(FieldErrors);
  const error = errors[props.name];
  const [shown, setShown] = useState(false);
  const isPassword = props.type === 'password';
  const input = (
    <input
      id={id}
      ref={props.inputRef}
      className="aw-input"
      name={props.name}
      type={isPassword && shown ? 'text' : (props.type ?? 'text')}
      autoComplete={props.autoComplete}
      required={props.required ?? true}
      placeholder={props.placeholder}
      value={props.value}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      onChange={(event) => {
        clear(props.name);
        props.onChange(event.target.value);
      }}
    />
  );
  return (
    <div className="aw-field">
      <label className="aw-label" htmlFor={id}>
        {props.label}
      </label>
      {isPassword ? (
        <div className="aw-input-wrap">
          {input}
          {/* Named by its text, not aria-label, so the field's own label stays the one label that names "password". */}
          <button className="aw-icon-button" type="button" aria-controls={id} aria-pressed={shown} onClick={() => setShown(!shown)}>
            <Icon name={shown ? 'eyeOff' : 'eye'} />
            <span className="aw-sr-only">{t('Show password')}</span>
          </button>
        </div>
      ) : (
        input
      )}
      {/* After the input, so the keyboard reaches the field first; drawn beside the label (styles.ts). */}
      {props.labelAside && <div className="aw-label-aside">{props.labelAside}</div>}
      {error && (
        <p className="aw-field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form whose submit runs `action`, with a busy state, an announced error (inline at a field it names) and kept input. */
export function ActionForm(props: {
  action: () => Promise<ActionResult>;
  submitLabel: string;
  busyLabel: string;
  submitVariant?: 'primary' | 'secondary' | 'danger';
  children?: ReactNode;
}) {
  const { run, busy, error, fieldError, clearFieldError } = useAction(props.action);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };
  const errors = fieldError ? { [fieldError.field]: fieldError.message } : {};
  return (
    <form className="aw-form" onSubmit={submit} aria-busy={busy} noValidate>
      <FieldErrors value={{ errors, clear: clearFieldError }}>{props.children}</FieldErrors>
      <div className="aw-submit">
        <p className="aw-error" role="alert" aria-live="assertive">
          {error}
        </p>
        <Button type="submit" variant={props.submitVariant} busy={busy}>
          {busy ? props.busyLabel : props.submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * Runs an async action: a write while offline is refused at once with the reason, thrown errors and returned
 * messages become the error text. Resolve with a string to show it as the error, with a `FieldError` to show it at
 * that field. `local` actions (a navigation) run offline too.
 */
export function useAction(
  action: () => Promise<ActionResult>,
  local = false,
): { run: () => Promise<void>; busy: boolean; error: string | null; fieldError: FieldError | null; clearFieldError: (name: string) => void } {
  const t = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const run = useCallback(async () => {
    setError(null);
    setFieldError(null);
    if (!local && typeof navigator !== 'undefined' && navigator.onLine === false) {
      setError(errorText(new OfflineError(), t));
      return;
    }
    setBusy(true);
    try {
      const message = await action();
      if (typeof message === 'string') setError(message);
      else if (message) setFieldError(message);
    } catch (caught) {
      setError(errorText(caught, t));
    } finally {
      setBusy(false);
    }
  }, [action, local, t]);
  const clearFieldError = useCallback((name: string) => setFieldError((current) => (current?.field === name ? null : current)), []);
  return { run, busy, error, fieldError, clearFieldError };
}

/** What an account read has: its value once loaded, a failure to show, or a word that it keeps trying. */
export interface AccountRead<T> {
  value: T | null;
  /** A failure of the read itself, in words for people. */
  error: string | null;
  /** Offline or the server out of reach: what to say while the read retries on its own. */
  waiting: string | null;
}

/**
 * A read shown by an account page, through the same observer and cache as the hooks (runtime/client/reads/): fetched
 * on first use, again whenever a mutation in any tab names `key` (runtime/client/reads/read-keys.ts), so a page never
 * refetches what did not change, and when the browser is back online. The last value stays shown while a refetch
 * runs. Offline or with the server out of reach it says so and tries again every few seconds; any other failure is
 * shown as the error.
 */
export function useAccountRead<T>(key: ReadKey, load: () => Promise<T>): AccountRead<T> {
  const t = useTranslation();
  // A view of its own: an account read may load its key into another shape than the hook of that key.
  const options = { key, view: 'account', load, signedOut: null };
  const [observer, snapshot] = useReadObserver<T | null>(options);
  const { value, read } = observer.result(options, snapshot);
  const error = read?.error;
  const unreachable = error !== undefined && isUnreachable(error);
  useEffect(() => {
    const fetch = () => void read?.fetch();
    addEventListener('online', fetch);
    // Each failed attempt is a new error: the next attempt a few seconds after it.
    const retry = unreachable ? setTimeout(fetch, RETRY_UNREACHABLE_MS) : undefined;
    return () => {
      clearTimeout(retry);
      removeEventListener('online', fetch);
    };
  }, [read, unreachable, error]);
  return { value: value ?? null, error: error === undefined || unreachable ? null : errorText(error, t), waiting: unreachable ? waitingText(error, t) : null };
}

/**
 * An account read's state: its error; and while it has no value, that it keeps trying, or `loading` (which says the
 * server is not answering yet after 2 s).
 */
export function ReadState({ read, loading }: { read: AccountRead<unknown>; loading: string }) {
  if (read.error) {
    return (
      <p className="aw-error" role="alert">
        {read.error}
      </p>
    );
  }
  if (read.value !== null) return null;
  return read.waiting ? (
    <p className="aw-banner" role="status" aria-busy="true">
      {read.waiting}
    </p>
  ) : (
    <LoadingText label={loading} />
  );
}

/** The `code` query parameter of an e-mail link, or the one the app passes in `searchParams`. */
export function codeFromUrl(searchParams?: Record<string, string>): string | null {
  if (searchParams) return searchParams.code ?? null;
  return typeof location === 'undefined' ? null : new URL(location.href).searchParams.get('code');
}

/**
 * Runs `effect` once per mounted component, even where StrictMode runs effects twice: for the single-use codes
 * of e-mail and callback links.
 */
export function useOnce(effect: () => void): void {
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    effect();
  });
}
