import Big from 'big.js';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { argentinaDay as day, ContractBody, type ContractBodyInput } from '@fm/domain';
import type { Executor } from '../../db/client';
import { buyers, companies, destinations, grainContractMovements, grainMovements, grainStocks, seasons } from '../../db/schema/index';
import { sharedInto } from '../../http/sharing';
import type { DemoContext } from '../demo-seeders';
import { createContract } from './contracts.service';
import { applyDeliveries } from './deliveries.service';

/** Received into an Acopio stock (deliveries leave from a collection point). */
const IN_ACOPIO = sql`exists (select 1 from ${grainStocks} s join ${destinations} d on d.destination_id = s.destination_id where s.stock_id = "grain_movements"."stock_id" and d.destination_type = 'Acopio')`;

/**
 * Demo contracts (issue 11 item 7): one per status. Runs after the grains demo: when it left received movements, the
 * Entrega parcial and Cumplido contracts take tons from them through the delivery service (the stock ledger is the
 * real one); without any, every contract stays Sin entregar.
 */
export async function seedContractsDemo(tx: Executor, ctx: DemoContext): Promise<void> {
  const actor = { workspaceId: ctx.workspaceId, userId: ctx.userId };
  const ownCompanies = await tx
    .select({ id: companies.company_id })
    .from(companies)
    .where(and(sharedInto('companies', companies.company_id, ctx.workspaceId), eq(companies.company_type_id, 1)))
    .orderBy(asc(companies.company_id));
  const buyerRows = await tx.select({ id: buyers.buyer_id }).from(buyers).where(sharedInto('buyers', buyers.buyer_id, ctx.workspaceId)).orderBy(asc(buyers.buyer_id));
  const [season] = await tx.select({ id: seasons.season_id }).from(seasons).where(eq(seasons.workspace_id, ctx.workspaceId)).orderBy(desc(seasons.name)).limit(1);
  if (!ownCompanies.length || !buyerRows.length || !season) return;
  const buyer = (i: number) => buyerRows[i % buyerRows.length].id;

  // received movements with what each still holds, biggest first
  const received = await tx
    .select({
      movement_id: grainMovements.movement_id,
      company_id: grainMovements.company_id,
      season_id: grainMovements.season_id,
      crop_id: grainMovements.crop_id,
      stock_id: grainMovements.stock_id,
      // what the movement still holds, never above what its stock holds (the grains demo may have moved tons out).
      // Qualified by hand: in a one-table select drizzle leaves columns unqualified and the subquery would rebind them.
      left: sql<string>`least(
        ${grainMovements.destination_tons} - coalesce((select sum(cm.tons) from ${grainContractMovements} cm where cm.movement_id = "grain_movements"."movement_id"), 0),
        (select s.tons from ${grainStocks} s where s.stock_id = "grain_movements"."stock_id")
      )`,
    })
    .from(grainMovements)
    .where(and(eq(grainMovements.workspace_id, ctx.workspaceId), eq(grainMovements.status, 'En destino'), sql`${grainMovements.deleted_at} is null`, IN_ACOPIO))
    .orderBy(desc(grainMovements.destination_tons), asc(grainMovements.movement_id));

  const create = (body: Partial<ContractBodyInput>) =>
    createContract(tx, actor, ContractBody.parse({ company_id: ownCompanies[0].id, season_id: season.id, crop_id: 1, buyer_id: buyer(0), exchange_rate: '1000', ...body }));

  await create({ crop_id: 2, buyer_id: buyer(1), tons: '800', price: '185', condition: 'Forward', deadline: day(60), contract_number: 'FW-2026-014', observations: 'Entrega en planta Timbúes' });

  const usable = received.filter((m) => new Big(m.left).gte(2));
  const first = usable[0];
  const second = usable.find((m) => m.movement_id !== first?.movement_id);
  if (!first) {
    await create({ crop_id: 1, tons: '500', price: '310', condition: 'Cont. c/Entrega', contract_number: 'CE-2026-101' });
    return;
  }
  // Cumplido: the whole tons the first movement still holds (a round contract, as sold)
  const full = new Big(first.left).round(0, Big.roundDown).toFixed(3);
  const done = await create({ company_id: first.company_id, season_id: first.season_id, crop_id: first.crop_id, buyer_id: buyer(0), tons: full, price: '312.5', condition: 'Cont. c/Entrega', contract_number: 'CE-2026-101', trade: false });
  await applyDeliveries(tx, actor, done.contract_id, [{ movement_id: first.movement_id, tons: full, delivery_date: day(-20) }]);

  // Entrega parcial: half of the second movement (or nothing left to give: stays Sin entregar)
  const source = second ?? null;
  const partial = await create({
    company_id: source?.company_id ?? first.company_id,
    season_id: source?.season_id ?? first.season_id,
    crop_id: source?.crop_id ?? first.crop_id,
    buyer_id: buyer(2),
    tons: '1500',
    price: '305',
    contract_number: 'CE-2026-117',
    trade: true,
    observations: 'Canje por insumos',
  });
  if (source) {
    // half of it, within what its stock still holds after the Cumplido delivery (they may share a stock)
    const [stock] = await tx.select({ tons: grainStocks.tons }).from(grainStocks).where(eq(grainStocks.stock_id, source.stock_id ?? 0));
    const halfBig = new Big(source.left).div(2).round(3, Big.roundDown);
    const half = (stock && halfBig.gt(stock.tons) ? new Big(stock.tons) : halfBig).toFixed(3);
    if (new Big(half).gt(0)) await applyDeliveries(tx, actor, partial.contract_id, [{ movement_id: source.movement_id, tons: half, delivery_date: day(-7) }]);
  }
}
