// Modules register their demo data (registerDemoSeeder) by being imported here, in dependency order.
import '../db/seed/demo-land';
import '../db/seed/demo-commercial';
import '../db/seed/demo-plans';
import '../db/seed/demo-teams';
export {};
