import { StackClientApp } from '@stackframe/react';
import { config } from './config';

export const stackClientApp = new StackClientApp({ ...config, tokenStore: 'cookie' });
