import { lazy } from 'react';

/** Notas (issue 12 §6): routes in router/routes.tsx. */
export const NotesPage = lazy(() => import('./pages/notes-page'));
export const NoteFormPage = lazy(() => import('./pages/note-form-page'));
