import type { RecipePeriod, RecipeStatus } from '@fm/domain';

/**
 * What a receta agronómica prints (DOMAIN.md "Agronomic prescriptions"): a snapshot of the work order taken when
 * the prescription is requested, plus the request. Kept with the recipe, so its PDF never changes afterwards.
 */
export type RecipeContent = {
  work_order_id: number;
  requested_at: string;
  requested_by: string;
  company: { name: string; tax_identifier: string | null };
  farm: { name: string };
  season: { name: string };
  labor: { name: string };
  contractor: { name: string } | null;
  labor_start_date: string;
  labor_end_date: string;
  lots: { name: string; hectares: string; crop: string | null; stage: string | null }[];
  supplies: {
    name: string;
    active_ingredient: string | null;
    brand: string | null;
    formulation: string | null;
    unit: string;
    dose: string;
    total_quantity: string;
  }[];
  adversities: { name: string; type: string | null }[];
  observations: string[];
  recommendations: string;
  use_restrictions: { grace_period: RecipePeriod; reentry_period: RecipePeriod; ventilation_period: RecipePeriod };
};

export type RecipeCredentials = { user: string; password: string };

/** A recipe as the issuer needs it back for its PDF or cancellation. */
export type IssuedRecipe = { external_id: string | null; number: string; status: RecipeStatus; content: RecipeContent; created_at: string | Date };

export type IssueResult = { external_id: string | null; number: string; status: RecipeStatus };

/**
 * The recipe service (issue 10 item 8). `builtin` numbers and prints recetas itself; `http` is an external
 * prescription service reached with each workspace's linked account. Errors are AppErrors with Spanish messages.
 */
export interface RecipeIssuer {
  readonly kind: 'builtin' | 'http';
  /** Whether requests need a linked account (the built-in issuer does not). */
  readonly needsAccount: boolean;
  /** Checks credentials before they are stored (422 when the service refuses them). */
  verifyAccount(credentials: RecipeCredentials): Promise<void>;
  /** Issues a receta; `number` is the built-in numbering's proposal, an external service returns its own. */
  issue(content: RecipeContent, credentials: RecipeCredentials | null, number: string): Promise<IssueResult>;
  pdf(recipe: IssuedRecipe, credentials: RecipeCredentials | null): Promise<Buffer>;
  cancel(recipe: IssuedRecipe, credentials: RecipeCredentials | null): Promise<void>;
}
