import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { RENDER_ERROR } from '@fm/domain';
import { useRouteError } from 'react-router';
import { api } from '../api/client';

/** Posts the failure to POST users/errors; a failed report is ignored. */
function reportError(error: unknown, componentStack?: string | null): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const stack = [err.stack, componentStack].filter(Boolean).join('\n').slice(0, 8000);
  api
    .post('users/errors', { message: err.message.slice(0, 1000), stack, path: window.location.pathname }, { workspace: false })
    .catch(() => undefined);
}

/** Spec doc 1 §2.10: 'Ha ocurrido un error' with a 'Cerrar sesión' button that logs out. */
export function ErrorDialog() {
  return (
    <Modal
      open
      title={RENDER_ERROR.title}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={() => window.location.assign('/salir')}>
          {RENDER_ERROR.action}
        </Button>
      }
    >
      <p>{RENDER_ERROR.body}</p>
    </Modal>
  );
}

type Props = { children: ReactNode };
type State = { failed: boolean };

/** Catches rendering failures outside the router. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorDialog /> : this.props.children;
  }
}

/** Catches rendering failures inside the router (react-router's errorElement). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    reportError(error);
  }, [error]);
  return <ErrorDialog />;
}
