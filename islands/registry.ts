/** Every island by name: the server renders them from here and the build makes one entry for each. */
export { default as ActionsTable } from './ActionsTable';
export { default as ContactModal } from './ContactModal';
export { default as FirmOnboarding } from './FirmOnboarding';
export { default as HealthChecks } from './HealthChecks';
export { default as LoginModal } from './LoginModal';
export { default as PermissionGrid } from './PermissionGrid';
