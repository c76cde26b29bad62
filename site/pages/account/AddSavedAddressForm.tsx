/**
 * Saving a new address: a name, the network, the address and its tag where the network has one,
 * and the two-factor code when two-factor is on. Only the cheap checks happen here; the server
 * checks the address as it would a withdrawal's.
 */
import { type FormEvent, type Ref, useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { call, formatLocalDateTime, type SavedAddress, user } from '../../../core/index.ts';
import {
  type BookNetwork,
  LABEL_MAX,
  type SavedAddressErrors,
  type SavedAddressFields,
  validateSavedAddress,
} from './addressBook.ts';

const EMPTY: SavedAddressFields = { label: '', address: '', tag: '', code: '' };

/** The add form; its network follows `preferredNetwork` until the person picks one. */
export function AddSavedAddressForm({
  networks,
  preferredNetwork,
  labelRef,
  onAdded,
}: {
  networks: readonly BookNetwork[];
  preferredNetwork: string;
  /** The name field, so the withdrawal form can send the person here. */
  labelRef: Ref<HTMLInputElement>;
  onAdded: (address: SavedAddress) => void;
}) {
  const id = useId();
  const { is2FA } = useSnapshot(user);
  const [picked, setPicked] = useState<string | null>(null);
  const [fields, setFields] = useState<SavedAddressFields>(EMPTY);
  const [errors, setErrors] = useState<SavedAddressErrors>({});
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [pending, setPending] = useState(false);
  // Set on a refused submit: the first field to fix takes the focus once its message is shown.
  const [focusField, setFocusField] = useState<keyof SavedAddressFields | null>(null);

  useEffect(() => {
    if (focusField === null) return;
    document.getElementById(`${id}-${focusField}`)?.focus();
    setFocusField(null);
  }, [focusField, id]);

  const network = networks.find((n) => n.network === (picked ?? preferredNetwork)) ?? networks[0];
  const tagName = network?.tagName ?? null;
  const set = (patch: Partial<SavedAddressFields>) => setFields({ ...fields, ...patch });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!network) return;
    const found = validateSavedAddress(fields, { tagName, needsCode: is2FA });
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

  const fieldError = (name: keyof SavedAddressFields) =>
    errors[name] && (
      <p className="field-error" id={`${id}-${name}-error`}>
        {errors[name]}
      </p>
    );
  const described = (name: keyof SavedAddressFields, hint?: string) => {
    const ids = [hint, errors[name] ? `${id}-${name}-error` : undefined].filter(Boolean);
    return {
      ...(errors[name] ? { 'aria-invalid': true as const } : {}),
      ...(ids.length > 0 ? { 'aria-describedby': ids.join(' ') } : {}),
    };
  };

  return (
    <form
      className="settings-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id={`${id}-title`}>Add an address</h3>
      <div className="field">
        <label htmlFor={`${id}-label`}>Name</label>
        <input
          ref={labelRef}
          id={`${id}-label`}
          autoComplete="off"
          value={fields.label}
          onChange={(event) => set({ label: event.target.value })}
          {...described('label', `${id}-label-hint`)}
        />
        <p className="field-hint" id={`${id}-label-hint`}>
          Up to {LABEL_MAX} characters, such as “My hardware wallet”.
        </p>
        {fieldError('label')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-network`}>Network</label>
        <select
          id={`${id}-network`}
          value={network?.network ?? ''}
          onChange={(event) => setPicked(event.target.value)}
        >
          {networks.map((n) => (
            <option key={n.network} value={n.network}>
              {n.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-address`}>Address</label>
        <input
          id={`${id}-address`}
          autoComplete="off"
          spellCheck={false}
          value={fields.address}
          onChange={(event) => set({ address: event.target.value })}
          {...described('address')}
        />
        {fieldError('address')}
      </div>
      {tagName !== null && (
        <div className="field">
          <label htmlFor={`${id}-tag`}>{tagName} (if the receiving wallet needs one)</label>
          <input
            id={`${id}-tag`}
            inputMode="numeric"
            autoComplete="off"
            value={fields.tag}
            onChange={(event) => set({ tag: event.target.value })}
            {...described('tag')}
          />
          {fieldError('tag')}
        </div>
      )}
      {is2FA && (
        <div className="field">
          <label htmlFor={`${id}-code`}>Two-factor code</label>
          <input
            id={`${id}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={fields.code}
            onChange={(event) => set({ code: event.target.value })}
            {...described('code')}
          />
          {fieldError('code')}
        </div>
      )}
      <p className="field-hint">A new address can be used 24 hours after it is saved.</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <p className="form-success" role="status">
        {done}
      </p>
      <div>
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Saving…' : 'Save address'}
        </button>
      </div>
    </form>
  );
}
