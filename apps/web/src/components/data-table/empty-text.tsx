import type { ReactNode } from 'react';
import styles from './data-table.module.css';

/** A table's empty text: 'Sin resultados' once loaded; while it loads, blank room for the spinner (not a faded 'Sin resultados'). */
export function emptyText(loading: boolean): ReactNode {
  return loading ? <div className={styles.loadingBody} /> : 'Sin resultados';
}
