import { useState } from 'react';
import { Button, Flex } from 'antd';
import { AppleFilled, GoogleOutlined } from '@ant-design/icons';
import { toast } from '../../../components/feedback/toast';
import { startExternalSignIn, type ExternalProvider } from '../api';

/** 'Ingresar con Google' / 'Ingresar con Apple' (spec doc 1 §2.6). */
export function ExternalSignIn() {
  const [busy, setBusy] = useState<ExternalProvider | null>(null);
  const go = async (provider: ExternalProvider) => {
    setBusy(provider);
    try {
      await startExternalSignIn(provider);
    } catch (err) {
      toast.apiError(err);
      setBusy(null);
    }
  };
  return (
    <Flex vertical gap={8}>
      <Button block icon={<GoogleOutlined />} loading={busy === 'google'} onClick={() => void go('google')}>
        Ingresar con Google
      </Button>
      <Button block icon={<AppleFilled />} loading={busy === 'apple'} onClick={() => void go('apple')}>
        Ingresar con Apple
      </Button>
    </Flex>
  );
}
