import { eq } from 'drizzle-orm';
import { ADDON_ID } from '@fm/domain';
import type { Executor } from '../../db/client';
import { agreementPartners } from '../../db/schema/index';
import { registerUsageCheck } from '../../http/usage-checks';
import { registerUsageCounter } from '../plans/index';
import { agreementsWithPartner, countAccountCompanies, planLabelsUsing } from './companies.repo';
import { planLabelsUsingField } from './farms.repo';

/** The Empresas add-on counts every company of the account (decision 0005). */
registerUsageCounter(ADDON_ID.COMPANIES, countAccountCompanies);

const usedByPlans = (labels: string[]) => (labels.length ? `lo usa el plan de campaña ${labels.join(', ')}` : null);

/** Uses of land resources by season plans and agreements (deletion refusals, team rule). */
registerUsageCheck('farms', async (db, id) => usedByPlans(await planLabelsUsing(db, { farm_id: id })));
registerUsageCheck('fields', async (db, id) => usedByPlans(await planLabelsUsingField(db, id)));
registerUsageCheck('companies', async (db, id) => {
  const labels = await planLabelsUsing(db, { company_id: id });
  return labels.length ? `la usa el plan de campaña ${labels.join(', ')}` : null;
});
registerUsageCheck('companies', async (db, id) => {
  const agreements = await agreementsWithPartner(db, id);
  return agreements.length ? `es socia del convenio ${agreements.join(', ')}` : null;
});
registerUsageCheck('companies', async (db: Executor, id) => {
  const partners = await db.select({ id: agreementPartners.agreement_partner_id }).from(agreementPartners).where(eq(agreementPartners.company_id, id));
  return partners.length ? 'el convenio tiene socios. Quite los socios antes de eliminarlo' : null;
});
