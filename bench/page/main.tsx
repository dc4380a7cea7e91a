import '@fontsource-variable/inter';
import '@mantine/core/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from '../../src/theme';
import { BenchPage } from './BenchPage';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <BenchPage />
    </MantineProvider>
  </StrictMode>,
);
