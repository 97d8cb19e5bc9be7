import { Fragment, type ReactNode } from 'react';
import styles from './data-table.module.css';

type ClippedTextProps = {
  children: ReactNode;
  /**
   * Room in px the text asks of its column (the column's width or minimum width): the text never widens the column
   * beyond it, and fills the column where the column is wider.
   */
  width: number;
  /** Full text on hover; defaults to the children when they are a string. */
  title?: string;
  /**
   * 'line': one line cut with "…" (observations). 'words': wraps between words as usual and cuts with "…" only a word
   * wider than the column (a long one-word supply name); hyphens do not break a word.
   */
  cut?: 'line' | 'words';
};

/** Text that ends in "…" where it does not fit its column (see width), the full text in its title. */
export function ClippedText({ children, width, title, cut = 'line' }: ClippedTextProps) {
  const full = title ?? (typeof children === 'string' || typeof children === 'number' ? String(children) : undefined);
  if (cut === 'line' || typeof children !== 'string') {
    return (
      <span className={cut === 'line' ? styles.clippedLine : styles.clipped} style={{ minWidth: width }} title={full}>
        {children}
      </span>
    );
  }
  // each word its own box: the line still breaks at spaces, and only a word wider than the column is cut
  return (
    <span className={styles.clipped} style={{ minWidth: width }} title={full}>
      {children
        .split(/\s+/)
        .filter(Boolean)
        .map((word, i) => (
          <Fragment key={i}>
            {i > 0 && ' '}
            <span className={styles.clippedWord}>{word}</span>
          </Fragment>
        ))}
    </span>
  );
}
