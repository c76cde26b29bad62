/** Which modals are open. */
import { proxy } from 'valtio/vanilla';

/** The modal flags, all closed at first. */
export interface ModalsState {
  isOpenSupport: boolean;
  isOpenSwap: boolean;
  isKYCOpen: boolean;
  isAccountModalOpen: boolean;
  isConnectOpen: boolean;
  isMenuOpen: boolean;
  isNew: boolean;
  isCustomModalOpen: boolean;
}

/** The modals that close one another: opening one closes the other four. */
export const EXCLUSIVE_MODALS = [
  'isOpenSupport',
  'isOpenSwap',
  'isKYCOpen',
  'isAccountModalOpen',
  'isConnectOpen',
] as const;

/** One of the mutually exclusive modals. */
export type ExclusiveModal = (typeof EXCLUSIVE_MODALS)[number];

/** The closed state every modal starts in. */
export const initialModals: Readonly<ModalsState> = {
  isOpenSupport: false,
  isOpenSwap: false,
  isKYCOpen: false,
  isAccountModalOpen: false,
  isConnectOpen: false,
  isMenuOpen: false,
  isNew: false,
  isCustomModalOpen: false,
};

/** The shared modal state. */
export const modals = proxy<ModalsState>({ ...initialModals });

/** Opens or closes one exclusive modal; opening it closes the other four. */
export function setModal(name: ExclusiveModal, open: boolean): void {
  if (open) for (const other of EXCLUSIVE_MODALS) modals[other] = false;
  modals[name] = open;
}

/** Flips the menu on each call. */
export function toggleMenu(): void {
  modals.isMenuOpen = !modals.isMenuOpen;
}

/** Opens or closes the custom modal; it closes nothing else. */
export function setCustomModal(open: boolean): void {
  modals.isCustomModalOpen = open;
}

/** Sets the isNew flag; it closes nothing else. */
export function setIsNew(value: boolean): void {
  modals.isNew = value;
}

/** Closes every modal. */
export function resetModals(): void {
  Object.assign(modals, initialModals);
}
