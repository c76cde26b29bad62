/**
 * The add-address form's state and submit: the cheap checks first (the first field to fix takes
 * the focus), then the server, which checks the address as it would a withdrawal's.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { call, formatLocalDateTime, type SavedAddress, user } from '../../../core/index.ts';
import {
  type BookNetwork,
  type SavedAddressErrors,
  type SavedAddressFields,
  validateSavedAddress,
} from './addressBook.ts';

const EMPTY: SavedAddressFields = { label: '', address: '', tag: '', code: '' };

/** The fields, messages and outcome of the form whose ids start with `prefix`. */
export function useAddSavedAddress(
  prefix: string,
  network: BookNetwork | undefined,
  onAdded: (address: SavedAddress) => void,
) {
  const { is2FA } = useSnapshot(user);
  const [fields, setFields] = useState<SavedAddressFields>(EMPTY);
  const [errors, setErrors] = useState<SavedAddressErrors>({});
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [pending, setPending] = useState(false);
  // Set on a refused submit: the first field to fix takes the focus once its message is shown.
  const [focusField, setFocusField] = useState<keyof SavedAddressFields | null>(null);

  useEffect(() => {
    if (focusField === null) return;
    document.getElementById(`${prefix}-${focusField}`)?.focus();
    setFocusField(null);
  }, [focusField, prefix]);

  const tagName = network?.tagName ?? null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!network) return;
    const found = validateSavedAddress(fields, {
      networkName: network.name,
      tagName,
      needsCode: is2FA,
    });
    setErrors(found);
    setError('');
    setDone('');
    const first = (['label', 'address', 'tag', 'code'] as const).find((name) => found[name]);
    if (first) {
      setFocusField(first);
      return;
    }
    const tag = tagName === null ? '' : fields.tag.trim();
    setPending(true);
    const reply = await call('addressBook.add', {
      network: network.network,
      address: fields.address.trim(),
      label: fields.label.trim(),
      ...(tag ? { tag } : {}),
      ...(is2FA ? { code: fields.code.trim() } : {}),
    });
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    setFields(EMPTY);
    setDone(
      `Saved “${reply.address.label}”: usable from ${formatLocalDateTime(reply.address.usableFrom)}.`,
    );
    onAdded(reply.address);
  }

  const set = (patch: Partial<SavedAddressFields>) => setFields({ ...fields, ...patch });
  return { is2FA, fields, set, errors, error, done, pending, submit };
}
