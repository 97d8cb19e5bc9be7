import type { AppRoute } from './route-types';

/**
 * THE route table (spec doc 1 §2, doc 2 §2, doc 3 §2). Paths are the spec's Spanish paths.
 *
 * To register a page:
 *  1. Export it as a React.lazy component from `src/features/<feature>/index.ts`, e.g.
 *       export const SeasonsPage = lazy(() => import('./pages/seasons-page'));
 *  2. Add (or keep) its entry below: `{ path, title, flag, module?, feature, page: 'SeasonsPage' }`.
 *  `flag` is a FEATURES name from @fm/domain (off => 404!), `module` the permission module
 *  (read missing => ¡Acceso denegado!). An entry may point at a feature folder that does not exist
 *  yet: while its flag is off (BUILT_FEATURES) it renders 404!, and `routes.test.ts` fails once the
 *  flag is built but the export is missing.
 */
export const ROUTES: AppRoute[] = [
  // ── Public (doc 1 §2.1) ────────────────────────────────────────────────────────────────
  { access: 'public', path: '/', title: 'Inicia sesión', feature: 'auth', page: 'LoginPage' },
  { access: 'public', path: '/register', title: 'Registro', feature: 'auth', page: 'RegisterPage' },
  { access: 'public', path: '/restablecer-password', title: 'Restablecer contraseña', feature: 'auth', page: 'ResetPasswordPage' },
  { access: 'public', path: '/restablecer-password-confirmar/:token?', title: 'Nueva contraseña', feature: 'auth', page: 'ResetConfirmPage' },
  { access: 'public', path: '/validar-mail', title: 'Validar email', feature: 'auth', page: 'ValidateMailPage' },
  { access: 'public', path: '/validar-mail-ok/:token?', title: 'Email validado', feature: 'auth', page: 'ValidateMailOkPage' },
  { access: 'open', path: '/confirmar-mail/:token?', title: 'Confirmar email', feature: 'auth', page: 'ConfirmMailPage' },
  { access: 'open', path: '/sso/:page/:token', title: 'Ingresando', feature: 'auth', page: 'SsoPage' },
  { access: 'open', path: '/salir', title: 'Cerrar sesión', feature: 'auth', page: 'LogoutPage' },

  // ── Platform and account (doc 1 §2.2) ─────────────────────────────────────────────────
  { path: '/home', title: 'Inicio', flag: 'home', feature: 'home', page: 'HomePage' },
  { path: '/tienda-de-insumos', title: 'Tienda de insumos', flag: 'store', feature: 'store', page: 'StorePage', topBar: false },
  { path: '/mis-recursos', title: 'Mis recursos', flag: 'resources', feature: 'resources', page: 'ResourcesPage' },
  { path: '/mis-recursos/empresas/nueva', title: 'Nueva empresa', flag: 'resources', feature: 'resources', page: 'CompanyFormPage' },
  { path: '/mis-recursos/empresas/:company_id/editar', title: 'Editar empresa', flag: 'resources', feature: 'resources', page: 'CompanyFormPage' },
  { path: '/mis-recursos/establecimientos/nuevo', title: 'Nuevo establecimiento', flag: 'resources', feature: 'resources', page: 'FarmFormPage' },
  { path: '/mis-recursos/establecimientos/:farm_id/editar', title: 'Editar establecimiento', flag: 'resources', feature: 'resources', page: 'FarmFormPage' },
  { path: '/mis-recursos/destinos', title: 'Destinos', flag: 'destinations', feature: 'resources', page: 'DestinationsPage' },
  { path: '/mis-recursos/destinos/nuevo', title: 'Nuevo destino', flag: 'destinations', feature: 'resources', page: 'DestinationFormPage' },
  { path: '/mis-recursos/destinos/:destination_id/editar', title: 'Editar destino', flag: 'destinations', feature: 'resources', page: 'DestinationFormPage' },
  { path: '/equipo', title: 'Equipo', flag: 'team', feature: 'team', page: 'TeamPage' },
  { path: '/equipo/nuevo', title: 'Nuevo equipo', flag: 'team', feature: 'team', page: 'TeamFormPage' },
  { path: '/equipo/:team_id/editar', title: 'Editar equipo', flag: 'team', feature: 'team', page: 'TeamFormPage' },
  { path: '/usuarios', title: 'Usuarios', flag: 'users', feature: 'users', page: 'UsersPage' },
  { path: '/usuarios/administrar/:usuario_id?', title: 'Administrar usuario', flag: 'users', feature: 'users', page: 'ManageUserPage' },
  { path: '/espacio-trabajo', title: 'Espacios de trabajo', flag: 'workspaces', feature: 'workspaces', page: 'WorkspacesPage' },
  { path: '/espacio-trabajo/nuevo', title: 'Nuevo espacio de trabajo', flag: 'workspaces', feature: 'workspaces', page: 'WorkspaceFormPage', workspaceSelector: false },
  { path: '/espacio-trabajo/:workspace_id/editar', title: 'Editar espacio de trabajo', flag: 'workspaces', feature: 'workspaces', page: 'WorkspaceFormPage', workspaceSelector: false },
  { path: '/espacio-trabajo/editar/:workspace_id', title: 'Editar espacio de trabajo', flag: 'workspaces', feature: 'workspaces', page: 'WorkspaceFormPage', workspaceSelector: false },
  { path: '/mi-perfil', title: 'Mi perfil', flag: 'profile', feature: 'profile', page: 'ProfilePage', workspaceSelector: false },
  { path: '/configuracion', title: 'Configuración', flag: 'profile', feature: 'profile', page: 'SettingsPage' },
  { path: '/notificaciones', title: 'Notificaciones', flag: 'notifications', feature: 'notifications', page: 'NotificationsPage', workspaceSelector: false },
  { path: '/adquirir-adicionales', title: 'Adicionales', flag: 'addons', feature: 'addons', page: 'AddonsPage', workspaceSelector: false },
  { path: '/iniciar-sesion-recetas-agronomicas', title: 'Recetas agronómicas', flag: 'agro_recipes', module: 'agro_recipes', addon: 'Recetas', feature: 'recipes', page: 'RecipesLoginPage' },
  { path: '/recetas-agronomicas', title: 'Recetas agronómicas', flag: 'agro_recipes', module: 'agro_recipes', addon: 'Recetas', feature: 'recipes', page: 'RecipesPage' },
  { path: '/lluvias', title: 'Registro de lluvias', flag: 'rain', feature: 'rains', page: 'RainPage' },
  { path: '/lluvias/eventos', title: 'Eventos de lluvia', flag: 'rain', feature: 'rains', page: 'RainEventsPage' },
  { path: '/lluvias/nueva', title: 'Nueva lluvia', flag: 'rain', feature: 'rains', page: 'RainFormPage' },
  { path: '/lluvias/:rain_id', title: 'Lluvia', flag: 'rain', feature: 'rains', page: 'RainViewPage' },
  { path: '/lluvias/:rain_id/editar', title: 'Editar lluvia', flag: 'rain', feature: 'rains', page: 'RainFormPage' },
  { path: '/monitoreos', title: 'Monitoreos', flag: 'monitoring', feature: 'monitorings', page: 'MonitoringPage' },
  { path: '/monitoreos/nuevo', title: 'Nuevo monitoreo', flag: 'monitoring', feature: 'monitorings', page: 'MonitoringFormPage' },
  { path: '/monitoreos/:monitoring_id/editar', title: 'Editar monitoreo', flag: 'monitoring', feature: 'monitorings', page: 'MonitoringFormPage' },
  { path: '/notas', title: 'Notas', flag: 'notes', feature: 'notes', page: 'NotesPage' },
  { path: '/notas/nueva', title: 'Nueva nota', flag: 'notes', feature: 'notes', page: 'NoteFormPage' },
  { path: '/notas/:note_id/editar', title: 'Editar nota', flag: 'notes', feature: 'notes', page: 'NoteFormPage' },
  { path: '/novedades', title: 'Novedades', flag: 'news', feature: 'news', page: 'NewsPage' },
  { path: '/agro-en-un-minuto', title: 'Agro en un minuto', flag: 'news', feature: 'news', page: 'AgroMinutePage' },

  // ── Planning (doc 2 §2.1) ─────────────────────────────────────────────────────────────
  { path: '/campanas', title: 'Campañas', flag: 'seasons', module: 'seasons', feature: 'seasons', page: 'SeasonsPage' },
  { path: '/plan-de-siembra', title: 'Plan de siembra', flag: 'sowing_plan', module: 'seasons_plans', feature: 'sowing-plan', page: 'SowingPlanPage' },
  { path: '/plan-de-siembra/:season_plan_id/asignar-cultivo', title: 'Asignar cultivo', flag: 'sowing_plan', feature: 'sowing-plan', page: 'AssignCropPage' },
  { path: '/plan-de-siembra/:season_plan_id/asignar-estrategia', title: 'Asignar estrategia', flag: 'sowing_plan', feature: 'sowing-plan', page: 'AssignStrategyPage' },
  { path: '/parcelas/:season_id?/:company_id?/:farm_id?', title: 'Parcelas', flag: 'sowing_plan', feature: 'sowing-plan', page: 'PlotsPage' },
  { path: '/plots/:season_id/:company_id/:farm_id', title: 'Parcelas', flag: 'sowing_plan', module: 'seasons_plans', feature: 'sowing-plan', page: 'PlotsPage' },
  { path: '/estrategias-de-cultivo', title: 'Estrategias de cultivo', flag: 'strategies', feature: 'strategies', page: 'StrategiesPage' },
  { path: '/crear-estrategia-de-cultivo', title: 'Crear estrategia de cultivo', flag: 'strategies', feature: 'strategies', page: 'StrategyFormPage' },
  { path: '/editar-estrategia-de-cultivo/:type_id/:strategy_id/editar', title: 'Editar estrategia de cultivo', flag: 'strategies', feature: 'strategies', page: 'StrategyFormPage' },
  { path: '/estrategia-de-cultivo/:type_id?/:strategy_id?', title: 'Estrategia de cultivo', flag: 'strategies', feature: 'strategies', page: 'StrategyPage' },
  { path: '/resumen-estrategia/:type_id/:strategy_id', title: 'Resumen de estrategia', flag: 'strategies', feature: 'strategies', page: 'StrategySummaryPage' },
  { path: '/strategy/:type_id/:strategy_id/ots-planificadas', title: 'OTs planificadas', flag: 'strategies', feature: 'strategies', page: 'PlannedWorkOrdersPage' },
  { path: '/strategy/:type_id/:strategy_id/ots-planificadas/crear', title: 'Crear OT planificada', flag: 'strategies', feature: 'strategies', page: 'PlannedWorkOrderFormPage' },
  { path: '/strategy/:type_id/:strategy_id/ots-planificadas/:strategy_plan_id/ver', title: 'OT planificada', flag: 'strategies', feature: 'strategies', page: 'PlannedWorkOrderViewPage' },
  { path: '/strategy/:type_id/:strategy_id/ots-planificadas/:strategy_plan_id/editar', title: 'Editar OT planificada', flag: 'strategies', feature: 'strategies', page: 'PlannedWorkOrderFormPage' },
  { path: '/crear-ot-planificada', title: 'Crear OT planificada', flag: 'strategies', feature: 'strategies', page: 'PlannedWorkOrderFormPage' },
  { path: '/editar-ot-planificada', title: 'Editar OT planificada', flag: 'strategies', feature: 'strategies', page: 'PlannedWorkOrderFormPage' },

  // ── Costs (doc 2 §2.2): list and view screens carry costs_view (off in production) ─────
  { path: '/costos', title: 'Costos por lote', flag: 'costs_view', module: 'costs', feature: 'costs', page: 'CostsPage' },
  { path: '/costos-planificados-cargar', title: 'Cargar costos planificados', flag: 'costs', module: 'costs', feature: 'costs', page: 'PlannedCostsLoadPage' },
  { path: '/costos-reales-cargar/:season_plan_id?/:field_crop_id?/:cost_category_id?', title: 'Cargar costos reales', flag: 'costs', module: 'costs', feature: 'costs', page: 'RealCostsLoadPage' },
  { path: '/visualizando-costos/:season_plan_id?', title: 'Costos', flag: 'costs_view', feature: 'costs', page: 'CostsViewPage' },
  { path: '/visualizando-costos-transacciones/:season_plan_id?/:field_crop_id?/:cost_category_id?', title: 'Transacciones de costos', flag: 'costs_view', feature: 'costs', page: 'CostTransactionsPage' },
  { path: '/visualizando-costos-aportes/:season_plan_id?/:field_crop_id?/:cost_category_id?', title: 'Aportes', flag: 'costs_view', feature: 'costs', page: 'ContributionsViewPage' },
  { path: '/visualizando-costos-aportes-carga/:season_plan_id?/:field_crop_id?/:cost_category_id?', title: 'Cargar aportes', flag: 'costs', feature: 'costs', page: 'ContributionsLoadPage' },
  { path: '/visualizando-aportes-transacciones', title: 'Transacciones de aportes', flag: 'costs_view', feature: 'costs', page: 'ContributionTransactionsPage' },

  // ── Work orders (doc 2 §2.3) ──────────────────────────────────────────────────────────
  { path: '/orden-de-trabajo', title: 'Órdenes de trabajo', flag: 'work_orders', module: 'work_orders', feature: 'work-orders', page: 'WorkOrdersPage' },
  { path: '/orden-de-trabajo/detalle/:work_order_id?', title: 'Orden de trabajo', flag: 'work_orders', module: 'work_orders', feature: 'work-orders', page: 'WorkOrderDetailPage' },
  { path: '/orden-de-trabajo/duplicar/:work_order_id?', title: 'Duplicar orden de trabajo', flag: 'work_orders', module: 'work_orders', feature: 'work-orders', page: 'WorkOrderDuplicatePage' },
  { path: '/orden-de-trabajo/nueva', title: 'Nueva orden de trabajo', flag: 'work_orders', module: 'work_orders', feature: 'work-orders', page: 'WorkOrderCreatePage' },
  { path: '/orden-de-trabajo/onboarding', title: 'Nueva orden de trabajo', flag: 'work_orders', module: 'work_orders', feature: 'work-orders', page: 'WorkOrderOnboardingPage' },
  { path: '/aportes/:work_order_id?', title: 'Aportes', flag: 'work_orders', module: 'work_orders', feature: 'work-orders', page: 'WorkOrderContributionsPage' },

  // ── Inventory (doc 2 §2.5) ────────────────────────────────────────────────────────────
  { path: '/inventario-depositos', title: 'Depósitos', flag: 'stock_supplies', module: 'stock_supplies', feature: 'inventory', page: 'WarehousesPage' },
  { path: '/inventario-insumos', title: 'Listado de insumos', flag: 'stock_supplies', module: 'stock_supplies', feature: 'inventory', page: 'SuppliesPage' },
  { path: '/inventario-stock', title: 'Stock de insumos', flag: 'stock_supplies', module: 'stock_supplies', feature: 'inventory', page: 'StockPage' },
  { path: '/inventario/alta-stock/:stock_id?', title: 'Alta de stock', flag: 'stock_supplies', module: 'stock_supplies', feature: 'inventory', page: 'StockEntryPage' },
  { path: '/inventario/movimiento-stock/:stock_id?', title: 'Movimiento de stock', flag: 'stock_supplies', module: 'stock_supplies', feature: 'inventory', page: 'StockMovePage' },
  { path: '/inventario/stock/transacciones/:stock_id?', title: 'Transacciones de stock', flag: 'stock_supplies', module: 'stock_supplies', feature: 'inventory', page: 'StockTransactionsPage' },

  // ── Grains (doc 3 §2) ─────────────────────────────────────────────────────────────────
  { path: '/granos/movimientos', title: 'Movimientos de granos', flag: 'grain_movements', module: 'commercialization_movement', feature: 'grains', page: 'MovementsPage' },
  { path: '/granos/movimiento', title: 'Nuevo movimiento', flag: 'grain_movements', module: 'commercialization_movement', feature: 'grains', page: 'MovementFormPage' },
  { path: '/granos/movimiento/recepcion', title: 'Recepcionar movimientos', flag: 'grain_movements', module: 'commercialization_movement', feature: 'grains', page: 'ReceptionsPage' },
  { path: '/granos/movimiento/carga-masiva', title: 'Carga masiva', flag: 'grain_movements', module: 'commercialization_movement', feature: 'grains', page: 'BulkLoadPage' },
  { path: '/granos/movimiento/:movement_id', title: 'Editar movimiento', flag: 'grain_movements', module: 'commercialization_movement', feature: 'grains', page: 'MovementFormPage' },
  { path: '/granos/stocks', title: 'Stock de granos', flag: 'grain_stocks', module: 'commercialization_stock', feature: 'grains', page: 'GrainStocksPage' },
  { path: '/granos/stock', title: 'Nuevo stock', flag: 'grain_stocks', module: 'commercialization_stock', feature: 'grains', page: 'GrainStockFormPage' },
  { path: '/granos/stocks/transactions/:stock_id?', title: 'Transacciones de stock', flag: 'grain_stocks', module: 'commercialization_stock', feature: 'grains', page: 'GrainStockTransactionsPage' },
  { path: '/granos/stocks/mover/:stock_id', title: 'Mover stock', flag: 'grain_stocks', module: 'commercialization_stock', feature: 'grains', page: 'GrainStockMovePage' },
  { path: '/contratos', title: 'Contratos', flag: 'contracts', module: 'commercialization_stock', feature: 'contracts', page: 'ContractsPage' },
  { path: '/contrato/:contract_id?', title: 'Contrato', flag: 'contracts', feature: 'contracts', page: 'ContractFormPage' },
  { path: '/contrato/entregas/:contract_id', title: 'Entregas', flag: 'deliveries', feature: 'contracts', page: 'ContractDeliveriesPage' },
  { path: '/entregas/:stock_id', title: 'Aplicar toneladas a un contrato', flag: 'deliveries', module: 'commercialization_stock', feature: 'contracts', page: 'ApplyTonsPage' },

  // ── Livestock (doc 3 §2; params livestock_id and livestock_location_id go in the query) ─
  { path: '/ganaderia', title: 'Ganadería', flag: 'livestock', module: 'livestock', feature: 'livestock', page: 'LivestockPage' },
  { path: '/nuevo-rodeo', title: 'Nuevo rodeo', flag: 'livestock', feature: 'livestock', page: 'NewHerdPage' },
  { path: '/mover-rodeo', title: 'Mover rodeo', flag: 'livestock', feature: 'livestock', page: 'MoveHerdPage' },
  { path: '/rodeo-movimiento-de-stock', title: 'Movimiento de stock del rodeo', flag: 'livestock', feature: 'livestock', page: 'HerdStockMovePage' },
  { path: '/rodeo-ajuste-de-stock', title: 'Ajuste de stock del rodeo', flag: 'livestock', feature: 'livestock', page: 'HerdStockAdjustPage' },
  { path: '/registro-de-venta-a-rodeo', title: 'Registro de venta', flag: 'livestock', feature: 'livestock', page: 'HerdSalePage' },
  { path: '/registro-de-costos-a-rodeo', title: 'Registro de costos', flag: 'livestock', feature: 'livestock', page: 'HerdCostsPage' },
  { path: '/transacciones-del-rodeo', title: 'Transacciones del rodeo', flag: 'livestock', feature: 'livestock', page: 'HerdTransactionsPage' },

  // ── Master data (doc 3 "Master data screens"; paths not shown) ─────────────────────────
  { path: '/mis-recursos/proveedores', title: 'Proveedores', flag: 'resources', feature: 'resources', page: 'ProvidersPage' },
  { path: '/mis-recursos/compradores', title: 'Compradores', flag: 'resources', feature: 'resources', page: 'BuyersPage' },
  { path: '/mis-recursos/consignatarios', title: 'Consignatarios de hacienda', flag: 'resources', feature: 'resources', page: 'LivestockAgentsPage' },
  { path: '/mis-recursos/transportes', title: 'Transportes', flag: 'resources', feature: 'resources', page: 'TransportsPage' },
  { path: '/mis-recursos/choferes', title: 'Choferes', flag: 'resources', feature: 'resources', page: 'CarriersPage' },

  // ── Reports (doc 3 "Reports menu") ────────────────────────────────────────────────────
  { path: '/reportes', title: 'Reportes', flag: 'reports', module: 'reports', addon: 'Reporte', feature: 'reports', page: 'ReportsPage' },
  { path: '/reportes/:report', title: 'Reporte', flag: 'reports', module: 'reports', addon: 'Reporte', feature: 'reports', page: 'ReportPage' },
];

/** The route for an exact table path (menu entries reference table paths). */
export function routeByPath(path: string): AppRoute | undefined {
  return ROUTES.find((r) => r.path === path);
}
