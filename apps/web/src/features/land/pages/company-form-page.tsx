import { useNavigate, useParams } from 'react-router';
import { Spin } from 'antd';
import { useResourceScope } from '../../resources/queries';
import { CompanyFormModal } from '../components/company-form-modal';
import { CompaniesSection } from '../components/companies-section';
import { useCompanies } from '../queries';

/** /mis-recursos/empresas/nueva and /:company_id/editar: the companies list with the form open over it. */
export default function CompanyFormPage() {
  const navigate = useNavigate();
  const id = Number(useParams().company_id ?? 0);
  const scope = useResourceScope();
  const companies = useCompanies(scope);
  const record = id ? (companies.data?.find((c) => c.company_id === id) ?? null) : null;
  const close = () => navigate('/mis-recursos?tab=empresas');
  if (id && companies.isLoading) return <Spin />;
  return (
    <>
      <CompaniesSection />
      <CompanyFormModal scope={scope} record={record} open onClose={close} />
    </>
  );
}
