import { api, type Query } from '../../api/client';
import type { DocumentReading, ExpiredLot, EntryRow, MoveRow, Stock, StockTransaction, Supply, SupplyBody, Warehouse } from './types';

/** Adds a value to a multipart body when it has one. */
function put(form: FormData, key: string, value: string | number | Blob | null | undefined): void {
  if (value === null || value === undefined || value === '') return;
  form.append(key, value instanceof Blob ? value : String(value));
}

export type EntryPayload = {
  stock_id?: number;
  warehouse_id: number;
  company_id: number;
  provider_id?: number | null;
  invoice?: string | null;
  delivery_note?: string | null;
  observations?: string | null;
  supplies: EntryRow[];
  invoice_file?: File | null;
  delivery_note_file?: File | null;
};

export type MovePayload = {
  company_id: number;
  warehouse_id: number;
  invoice?: string | null;
  delivery_note?: string | null;
  observations?: string | null;
  stocks: MoveRow[];
  invoice_file?: File | null;
  delivery_note_file?: File | null;
};

/** Inventory calls (spec doc 2 §7 "Inventory", issue 9 contract). */
export const inventoryApi = {
  warehouses: async (query: Query = {}): Promise<Warehouse[]> => (await api.get<Warehouse[]>('warehouses', { query })).data,
  createWarehouse: async (body: { name: string; workspaces: number[] }) => (await api.post<Warehouse[]>('warehouses', body)).message,
  removeWarehouse: async (id: number) => (await api.del<unknown[]>('warehouses', { query: { warehouse_id: id } })).message,

  supplies: async (query: Query = {}) => {
    const res = await api.get<Supply[]>('supplies', { query });
    return { rows: res.data, total: res.total ?? res.data.length };
  },
  createSupply: async (body: SupplyBody) => (await api.post<Supply[]>('supplies', body)).message,
  updateSupply: async (id: number, body: SupplyBody) => (await api.put<Supply[]>('supplies', body, { query: { supply_id: id } })).message,

  stock: async (id: number): Promise<Stock | undefined> =>
    (await api.get<Stock[]>('supplies/stocks', { query: { filters: JSON.stringify({ AND: [{ field: 'stock.stock_id', condition: 'is', value: id }] }) } })).data[0],
  stocks: async (query: Query = {}): Promise<Stock[]> => (await api.get<Stock[]>('supplies/stocks', { query })).data,
  removeStock: async (id: number) => (await api.del<unknown[]>('supplies/stocks', { query: { stock_id: id } })).message,

  /** Multipart POST supplies/stocks: the rows go as the `supplies` JSON string, files as invoice_file / delivery_note_file. */
  enterStock: async (p: EntryPayload) => {
    const form = new FormData();
    put(form, 'stock_id', p.stock_id);
    put(form, 'warehouse_id', p.warehouse_id);
    put(form, 'company_id', p.company_id);
    put(form, 'provider_id', p.provider_id);
    put(form, 'invoice', p.invoice);
    put(form, 'delivery_note', p.delivery_note);
    put(form, 'observations', p.observations);
    form.append('supplies', JSON.stringify(p.supplies));
    put(form, 'invoice_file', p.invoice_file);
    put(form, 'delivery_note_file', p.delivery_note_file);
    return (await api.post<unknown[]>('supplies/stocks', form, { overlay: true })).message;
  },

  /** Multipart MOVEMENT: warehouse_id is the destination, each row's warehouse_id its source. */
  moveStock: async (p: MovePayload) => {
    const form = new FormData();
    form.append('name', 'MOVEMENT');
    put(form, 'company_id', p.company_id);
    put(form, 'warehouse_id', p.warehouse_id);
    put(form, 'invoice', p.invoice);
    put(form, 'delivery_note', p.delivery_note);
    put(form, 'observations', p.observations);
    form.append('stocks', JSON.stringify(p.stocks));
    put(form, 'invoice_file', p.invoice_file);
    put(form, 'delivery_note_file', p.delivery_note_file);
    return (await api.post<unknown[]>('supplies/stocks/transactions', form, { overlay: true })).message;
  },

  adjustStock: async (p: { stock_destiny_id: number; quantity: number; observations?: string | null }) =>
    (await api.post<unknown[]>('supplies/stocks/transactions', { name: 'ADJUSTMENT', ...p })).message,

  transactions: async (query: Query = {}): Promise<StockTransaction[]> => (await api.get<StockTransaction[]>('supplies/stocks/transactions', { query })).data,
  removeTransaction: async (id: number) => (await api.del<unknown[]>('supplies/stocks/transactions', { query: { stock_transaction_id: id } })).message,

  expired: async (): Promise<ExpiredLot[]> => (await api.get<ExpiredLot[]>('supplies/stocks/expired')).data,

  /** Reads an invoice or delivery note (POST supplies/stocks/{invoice|delivery-note}); saves nothing. */
  readDocument: async (kind: 'invoice' | 'delivery-note', file: File): Promise<DocumentReading | undefined> => {
    const form = new FormData();
    form.append('file', file);
    const res = await api.post<DocumentReading | DocumentReading[]>(`supplies/stocks/${kind}`, form, { overlay: true });
    return Array.isArray(res.data) ? res.data[0] : res.data;
  },
};
