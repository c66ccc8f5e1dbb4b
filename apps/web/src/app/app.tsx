import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router';
import { configureRouter, useAppRouter } from './router-host';

configureRouter(() => createAppRouter());

export function App() {
  const router = useAppRouter();
  return <RouterProvider router={router} />;
}
