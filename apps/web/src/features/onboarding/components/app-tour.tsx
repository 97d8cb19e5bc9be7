import { Tour, type TourProps } from 'antd';
import { TOUR_STORAGE_KEY } from '@fm/domain';

/** Whether `userId` already finished (or closed) the guided tour; kept in localStorage. */
export function tourDone(userId: number): boolean {
  try {
    return localStorage.getItem(`${TOUR_STORAGE_KEY}.${userId}`) === '1';
  } catch {
    return false;
  }
}

function markTourDone(userId: number): void {
  try {
    localStorage.setItem(`${TOUR_STORAGE_KEY}.${userId}`, '1');
  } catch (err) {
    console.warn('No se pudo guardar el fin del recorrido', err);
  }
}

const target = (selector: string) => () => document.querySelector<HTMLElement>(selector) ?? document.body;

const STEPS: TourProps['steps'] = [
  { title: 'Menú principal', description: 'Desde acá accedés a la planificación, las órdenes de trabajo, el inventario y la configuración.', target: target('[aria-label="Menú principal"]'), placement: 'right' },
  { title: 'Espacio de trabajo', description: 'Elegí el espacio de trabajo en el que querés trabajar.', target: target('[aria-label="Espacio de trabajo"], header') },
  { title: 'Ayuda', description: 'El centro de ayuda y el chat con nuestro equipo.', target: target('[aria-label="Ayuda"], header') },
  { title: 'Notificaciones', description: 'Acá vas a ver los avisos nuevos. ¡Mirá todas! abre la lista completa.', target: target('[aria-label="Notificaciones"]') },
  { title: 'Tu cuenta', description: 'Tu perfil, tus espacios de trabajo y el cierre de sesión.', target: target('[aria-label="Mi cuenta"]') },
];

/** Guided tour over the menu and the top bar (spec doc 1 §2.11), from step zero, shown once per user. */
export function AppTour({ userId, open, onClose }: { userId: number; open: boolean; onClose: () => void }) {
  const close = () => {
    markTourDone(userId);
    onClose();
  };
  return <Tour open={open} steps={STEPS} onClose={close} onFinish={close} />;
}
