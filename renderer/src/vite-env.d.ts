/// <reference types="vite/client" />

/**
 * Whether the dev preview (`?preview`, fake data) is built in: true under `npm run dev` and in the
 * builds the e2e tests make, false in the shipped bundle (`npm run build`).
 */
declare const __HITL_PREVIEW__: boolean;
