import { useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './plain-ui.module.css';

/**
 * The widgets of the sign-in screen without antd (issue 8: the login page loads only what it shows). They look
 * like antd's with the app theme; the error line keeps antd's class so the e2e tests and the styles agree.
 */

const EYE =
  'M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z';
const EYE_INVISIBLE = [
  'M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512z',
  'M508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.31 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z',
];
const LOADING =
  'M988 548c-19.9 0-36-16.1-36-36 0-59.4-11.6-117-34.6-171.3a440.45 440.45 0 00-94.3-139.9 437.71 437.71 0 00-139.9-94.3C629 83.6 571.4 72 512 72c-19.9 0-36-16.1-36-36s16.1-36 36-36c69.1 0 136.2 13.5 199.3 40.3C772.3 66 827 103 874 150c47 47 83.9 101.8 109.7 162.7 26.7 63.1 40.2 130.2 40.2 199.3.1 19.9-16 36-35.9 36z';
export const GOOGLE =
  'M881 442.4H519.7v148.5h206.4c-8.9 48-35.9 88.6-76.6 115.8-34.4 23-78.3 36.6-129.9 36.6-99.9 0-184.4-67.5-214.6-158.2-7.6-23-12-47.6-12-72.9s4.4-49.9 12-72.9c30.3-90.6 114.8-158.1 214.7-158.1 56.3 0 106.8 19.4 146.6 57.4l110-110.1c-66.5-62-153.2-100-256.6-100-149.9 0-279.6 86-342.7 211.4-26 51.8-40.8 110.4-40.8 172.4S151 632.8 177 684.6C240.1 810 369.8 896 519.7 896c103.6 0 190.4-34.4 253.8-93 72.5-66.8 114.4-165.2 114.4-282.1 0-27.2-2.4-53.3-6.9-78.5z';
export const APPLE =
  'M747.4 535.7c-.4-68.2 30.5-119.6 92.9-157.5-34.9-50-87.7-77.5-157.3-82.8-65.9-5.2-138 38.4-164.4 38.4-27.9 0-91.7-36.6-141.9-36.6C273.1 298.8 163 379.8 163 544.6c0 48.7 8.9 99 26.7 150.8 23.8 68.2 109.6 235.3 199.1 232.6 46.8-1.1 79.9-33.2 140.8-33.2 59.1 0 89.7 33.2 141.9 33.2 90.3-1.3 167.9-153.2 190.5-221.6-121.1-57.1-114.6-167.2-114.6-170.7zm-105.1-305c50.7-60.2 46.1-115 44.6-134.7-44.8 2.6-96.6 30.5-126.1 64.8-32.5 36.8-51.6 82.3-47.5 133.6 48.4 3.7 92.6-21.2 129-63.7z';

export function Icon({ paths, viewBox = '64 64 896 896', spin }: { paths: string | string[]; viewBox?: string; spin?: boolean }) {
  return (
    <span className={spin ? `${styles.icon} ${styles.spin}` : styles.icon} aria-hidden="true">
      <svg viewBox={viewBox} focusable="false">
        {[paths].flat().map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & { primary?: boolean; loading?: boolean; icon?: ReactNode };

export function PlainButton({ primary, loading, icon, children, type = 'button', ...rest }: ButtonProps) {
  const cls = [styles.button, primary && styles.primary, loading && styles.loading].filter(Boolean).join(' ');
  return (
    <button type={type} className={cls} aria-busy={loading || undefined} {...rest}>
      {loading ? <Icon paths={LOADING} viewBox="0 0 1024 1024" spin /> : icon}
      <span>{children}</span>
    </button>
  );
}

export function LinkButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button type="button" className={styles.linkButton} onClick={onClick}>
      {children}
    </button>
  );
}

type FieldProps = { id: string; label: string; error?: string; children: ReactNode };

/** Label above, control, and the error line under it (antd's vertical form item). */
export function Field({ id, label, error, children }: FieldProps) {
  return (
    <div className={error ? styles.itemWithError : styles.item}>
      <label htmlFor={id} className={styles.label} title={label}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}_help`} role="alert" className={`ant-form-item-explain-error ${styles.error}`}>
          {error}
        </div>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'onChange'> & {
  id: string;
  invalid?: boolean;
  onValue: (value: string) => void;
};

export function TextInput({ id, invalid, onValue, ...rest }: InputProps) {
  return (
    <input
      id={id}
      className={invalid ? `${styles.input} ${styles.invalid}` : styles.input}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}_help` : undefined}
      onChange={(e) => onValue(e.target.value)}
      {...rest}
    />
  );
}

export function PasswordInput({ id, invalid, onValue, ...rest }: InputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <span className={invalid ? `${styles.affix} ${styles.invalid}` : styles.affix}>
      <input
        id={id}
        className={styles.input}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}_help` : undefined}
        onChange={(e) => onValue(e.target.value)}
        {...rest}
        type={visible ? 'text' : 'password'}
      />
      <button type="button" className={styles.eye} aria-label={visible ? 'Ocultar' : 'Mostrar'} aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
        <Icon paths={visible ? EYE : EYE_INVISIBLE} />
      </button>
    </span>
  );
}

export function PlainSwitch({ id, checked, onChange, label }: { id: string; checked: boolean; onChange: (v: boolean) => void; label: string }) {
  return (
    <button id={id} type="button" role="switch" aria-checked={checked} aria-label={label} className={styles.switch} onClick={() => onChange(!checked)}>
      <span className={styles.track}>
        <span className={styles.handle} />
      </span>
    </button>
  );
}

export function PlainDivider({ children }: { children: ReactNode }) {
  return (
    <div className={styles.divider} role="separator">
      <span>{children}</span>
    </div>
  );
}

export const plainStyles = styles;
