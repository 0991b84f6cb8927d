import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import './i18n';
import { BlueprintProvider } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/AppRoutes';
import { SHELL_ICONS } from './app/shell/shellIcons';
import { loadIconsPerUse } from './ui/icons';

loadIconsPerUse(SHELL_ICONS);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <BlueprintProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </BlueprintProvider>
  </StrictMode>,
);
