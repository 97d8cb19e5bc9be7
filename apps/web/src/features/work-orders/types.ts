/** Shapes of the work-orders API (issue 10 contract), as @fm/domain defines them. */
export type {
  WorkOrder,
  WorkOrderFieldCrop,
  WorkOrderSupply,
  WorkOrderHistoryRow,
  WorkOrderPrices as LastPrices,
  WorkOrderTab as Tab,
  HistoryAction,
} from '@fm/domain';
