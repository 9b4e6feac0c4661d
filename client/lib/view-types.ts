// The shape every feature's views.ts exports: menu component path → lazy module with a default component.
import type { ComponentType } from 'react';

export type ViewLoader = () => Promise<{ default: ComponentType }>;
export type ViewLoaders = Record<string, ViewLoader>;
