import { Typography } from 'antd';
import { masterDataSection } from '../components/master-data-section';
import {
  buyersConfig,
  carriersConfig,
  destinationsConfig,
  livestockAgentsConfig,
  providersConfig,
  transportsConfig,
  type ResourceConfig,
} from '../resource-config';

/** A master-data list on its own route (the same section Mis recursos shows in a tab). */
function pageOf(config: ResourceConfig) {
  const Section = masterDataSection(config);
  const Page = () => (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {config.label}
      </Typography.Title>
      <Section />
    </div>
  );
  Page.displayName = `${config.key}-page`;
  return Page;
}

export const ProvidersPage = pageOf(providersConfig);
export const BuyersPage = pageOf(buyersConfig);
export const LivestockAgentsPage = pageOf(livestockAgentsConfig);
export const TransportsPage = pageOf(transportsConfig);
export const CarriersPage = pageOf(carriersConfig);
export const DestinationsPage = pageOf(destinationsConfig);
