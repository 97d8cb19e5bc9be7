import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { MSG, ProfileBody, normalizePhone } from '@fm/domain';
import { applyServerErrors, requiredRule, warnValidation, zodRule } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { isApiError } from '../../../api/errors';
import { useSession } from '../../../session/hooks';
import type { Session } from '../../../session/session-store';
import { useSaveProfile } from '../../profile/queries';

export const COMPLETE_DATA_TEXT = 'Completá tus datos: agregá tu teléfono para que podamos contactarte';
const DISMISSED_KEY = 'fm.complete-data.later';
/** Apple (and SSO) accounts are never asked (spec doc 1 §2.7). */
const ASKED_METHODS = ['Local', 'Google'];

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Who sees the prompt: a Local or Google account without a phone whose sign-up is complete. A pending sign-up
 * already asks for the phone in 'Completá tu registro' (shell), so the two never show together.
 */
export function needsPhone(user: Session['user']): boolean {
  return user.signup_completed !== false && ASKED_METHODS.includes(user.sign_in_method) && !user.phone;
}

/**
 * "Completá tus datos" on home (spec doc 1 §2.7): a dismissible notice with a small phone form saved with
 * PUT users. Cerrar hides it until the next sign-in; once a phone is saved the session has it, so it is gone.
 */
export function CompleteDataPrompt() {
  const session = useSession();
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ phone: string }>();
  const save = useSaveProfile();
  if (!session || dismissed || !needsPhone(session.user)) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // private mode: the notice simply comes back on the next visit
    }
    setDismissed(true);
  };
  const onFinish = async ({ phone }: { phone: string }) => {
    try {
      // useSaveProfile mirrors the answered phone into the session, which hides this notice
      await save.mutateAsync({ phone: normalizePhone(phone) });
      toast.success(MSG.profileOk);
      setOpen(false);
    } catch (err) {
      if (isApiError(err) && err.status === 422) applyServerErrors(form, err);
      else toast.warning(MSG.profileError);
    }
  };

  return (
    <>
      <Alert
        type="info"
        showIcon
        data-testid="complete-data-prompt"
        title={COMPLETE_DATA_TEXT}
        closable={{ 'aria-label': 'Cerrar' }}
        onClose={dismiss}
        action={
          <Button size="small" type="primary" onClick={() => setOpen(true)}>
            Agregar teléfono
          </Button>
        }
      />
      <Modal
        open={open}
        title="Completá tus datos"
        okText="Guardar"
        cancelText="Cancelar"
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={form} name="complete-data" layout="vertical" requiredMark={false} onFinish={onFinish} onFinishFailed={warnValidation}>
          <Form.Item name="phone" label="Teléfono" rules={[requiredRule(MSG.phoneEmpty), zodRule(ProfileBody.shape.phone)]} extra="Código de área sin 0 y número sin 15">
            <Input prefix="+54 9" autoComplete="tel-national" inputMode="tel" placeholder="11 1234-5678" maxLength={20} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
