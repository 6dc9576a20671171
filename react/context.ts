import { createContext } from 'react';
import type { StackClientApp } from '../runtime/client/app/client-app.ts';

export const AppContext = createContext<StackClientApp | null>(null);
