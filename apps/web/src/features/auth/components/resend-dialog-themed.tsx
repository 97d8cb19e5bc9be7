import { useEffect, type ComponentProps } from 'react';
import { AntdTheme } from '../../../app';
import { requestAntdHost } from '../../../components/feedback/antd-host';
import { ResendDialog } from './resend-dialog';

/** The resend dialog with the app theme, for the sign-in screen (which loads antd only when it is opened). */
export default function ThemedResendDialog(props: ComponentProps<typeof ResendDialog>) {
  useEffect(() => {
    void requestAntdHost();
  }, []);
  return (
    <AntdTheme>
      <ResendDialog {...props} />
    </AntdTheme>
  );
}
