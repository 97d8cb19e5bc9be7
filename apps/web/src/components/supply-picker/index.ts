export { SupplyPicker, SUPPLY_PICKER_PAGE_SIZE, SUPPLY_IN_USE, NO_MORE_OPTIONS, NO_OPTIONS, type PickedSupply } from './supply-picker';
