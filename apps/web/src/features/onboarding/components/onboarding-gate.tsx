import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Modal, Result, Typography } from 'antd';
import { ONBOARDING_MSG, exampleOnboarding, type OnboardingBody } from '@fm/domain';
import { toast } from '../../../components/feedback';
import { useSession } from '../../../session/hooks';
import { exampleCityId, finishOnboarding } from '../api';
import { SetupSteps } from './setup-steps';
import { AppTour, tourDone } from './app-tour';

type Stage = 'ask' | 'setup' | 'done' | 'tour' | 'idle';
const DISMISSED_KEY = 'fm.onboarding.later';

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Onboarding (spec doc 1 §2.11): a user whose onboarding is not completed is offered 'Cargar mis datos'
 * (3-step setup) or 'Iniciar con datos de ejemplo'; both end in the congratulations modal and the tour.
 * 'Más tarde' hides the offer until the next sign-in.
 */
export function OnboardingGate() {
  const session = useSession();
  const [stage, setStage] = useState<Stage>(() => (session && !session.user.onboarding_completed && !dismissedThisSession() ? 'ask' : 'idle'));
  const [sending, setSending] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!session) return null;
  const userId = session.user.user_id;

  const submit = async (body: OnboardingBody) => {
    await finishOnboarding(body);
    // the trial started and a welcome notification was sent: refresh the plan badge and the bell
    await queryClient.invalidateQueries();
    setStage('done');
  };
  const example = async () => {
    setSending(true);
    try {
      await submit(exampleOnboarding(await exampleCityId(session.user.city_id)));
    } catch (err) {
      toast.apiError(err);
    } finally {
      setSending(false);
    }
  };
  const later = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // private mode: the offer simply comes back
    }
    setStage('idle');
  };

  return (
    <>
      <Modal open={stage === 'ask'} title="¡Bienvenido/a a Gestión Agro!" onCancel={later} footer={null} width={520} maskClosable={false}>
        <Typography.Paragraph>
          Configurá tu cuenta en tres pasos con una campaña, una empresa, un establecimiento y un lote, o empezá con datos de ejemplo
          para recorrer la plataforma. Al terminar comienza tu prueba PRO de 15 días.
        </Typography.Paragraph>
        <Flex vertical gap={8}>
          <Button type="primary" size="large" block onClick={() => setStage('setup')}>
            Cargar mis datos
          </Button>
          <Button size="large" block loading={sending} onClick={() => void example()}>
            Iniciar con datos de ejemplo
          </Button>
          <Button type="link" onClick={later}>
            Más tarde
          </Button>
        </Flex>
      </Modal>
      <SetupSteps open={stage === 'setup'} onCancel={() => setStage('ask')} onSubmit={submit} />
      <Modal open={stage === 'done'} footer={null} closable={false} maskClosable={false} width={520}>
        <Result
          status="success"
          title="¡Felicitaciones!"
          subTitle={ONBOARDING_MSG.done}
          extra={
            <Flex vertical gap={8} align="center">
              <Button type="primary" size="large" onClick={() => setStage(tourDone(userId) ? 'idle' : 'tour')}>
                Finalizar
              </Button>
              {/* the first work order is prefilled from what was just created; its page saves it and downloads OT_{id}.pdf */}
              <Button
                size="large"
                onClick={() => {
                  setStage('idle');
                  void navigate('/orden-de-trabajo/onboarding');
                }}
              >
                Descargar pdf de la OT
              </Button>
            </Flex>
          }
        />
      </Modal>
      <AppTour userId={userId} open={stage === 'tour'} onClose={() => setStage('idle')} />
    </>
  );
}
