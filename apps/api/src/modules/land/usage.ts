import { eq, sql } from 'drizzle-orm';
import { ADDON_ID } from '@fm/domain';
import { agreementPartners } from '../../db/schema/index';
import { elsewhere, namedFor, registerUsageCheck, type NamedUses } from '../../http/usage-checks';
import { registerUsageCounter } from '../plans/index';
import { agreementsWithPartner, plansUsing } from './companies.repo';
import { plansUsingField } from './farms.repo';

/** The Empresas add-on counts every company of the account (decision 0005). */
registerUsageCounter(ADDON_ID.COMPANIES, {
  sql: (ownerId) => sql<number>`(select count(*)::int from companies c where c.user_id = ${ownerId})`,
});

/** "lo usa el plan de campaña 2025/26 - Agro SA - La Esperanza"; plans of other workspaces are only counted. */
function usedByPlans(pronoun: 'lo' | 'la', { names, others }: NamedUses): string | null {
  if (!names.length && !others) return null;
  const parts = [...(names.length ? [`el plan de campaña ${names.join(', ')}`] : []), ...(others ? [elsewhere(others, 'plan de campaña', 'planes de campaña')] : [])];
  return `${pronoun} ${others && names.length + others > 1 ? 'usan' : 'usa'} ${parts.join(' y ')}`;
}

/** Uses of land resources by season plans and agreements (deletion refusals, team rule). */
registerUsageCheck('farms', async (db, id, viewer) => usedByPlans('lo', namedFor(viewer, await plansUsing(db, { farm_id: id }, viewer.workspaceId))));
registerUsageCheck('fields', async (db, id, viewer) => usedByPlans('lo', namedFor(viewer, await plansUsingField(db, id, viewer.workspaceId))));
registerUsageCheck('companies', async (db, id, viewer) => usedByPlans('la', namedFor(viewer, await plansUsing(db, { company_id: id }, viewer.workspaceId))));
registerUsageCheck('companies', async (db, id, viewer) => {
  const { names, others } = namedFor(viewer, await agreementsWithPartner(db, id, viewer.workspaceId), Infinity);
  if (!names.length && !others) return null;
  const parts = [...(names.length ? [`del convenio ${names.join(', ')}`] : []), ...(others ? [`de ${elsewhere(others, 'convenio', 'convenios')}`] : [])];
  return `es socia ${parts.join(' y ')}`;
});
registerUsageCheck('companies', async (db, id) => {
  const partners = await db.select({ id: agreementPartners.agreement_partner_id }).from(agreementPartners).where(eq(agreementPartners.company_id, id));
  return partners.length ? 'el convenio tiene socios. Quite los socios antes de eliminarlo' : null;
});
