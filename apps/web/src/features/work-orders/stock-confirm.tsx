import { isApiError } from '../../api/errors';
import { confirm } from '../../components/feedback';
import { WO_TEXT } from './texts';

/** A 409 of the stock check (contract: code STOCK_EXCEEDED, the spec's message, one detail line per supply). */
export function isStockExceeded(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.message === WO_TEXT.stockExceeded;
}

/**
 * Runs a call that may use stock (Realizada, editing or enabling an order that used it). When the use would exceed a
 * stock, the user sees the spec's warning with each supply's shortfall and decides; accepting repeats the call with
 * confirm_stock, which uses only what there is. Resolves null when the user declines.
 */
export async function withStockConfirm<T>(run: (confirmStock: boolean) => Promise<T>): Promise<T | null> {
  try {
    return await run(false);
  } catch (error) {
    if (!isStockExceeded(error) || !isApiError(error)) throw error;
    const ok = await confirm({
      title: WO_TEXT.stockConfirmTitle,
      content: (
        <div>
          <ul style={{ paddingInlineStart: 18, marginBlock: 8 }}>
            {error.detail.map((d) => (
              <li key={`${d.loc.join('.')}-${d.msg}`}>{d.msg}</li>
            ))}
          </ul>
          {WO_TEXT.stockConfirmBody}
        </div>
      ),
      okText: 'Continuar',
    });
    return ok ? run(true) : null;
  }
}
