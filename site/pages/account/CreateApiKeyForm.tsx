/**
 * Making an API key: a label, how it signs, what it may do, the addresses it is accepted from, how
 * long it works, and the password (and the two-factor code when two-factor is on) asked again.
 */
import { useId } from 'react';
import { FormOutcome } from '../../components/FormOutcome.tsx';
import { ApiKeyExpiryField } from './ApiKeyExpiryField.tsx';
import { ApiKeyKindChoice } from './ApiKeyKindChoice.tsx';
import { ApiKeyScopesField } from './ApiKeyScopesField.tsx';
import { ApiKeyAllowlistField, ApiKeyLabelField } from './ApiKeyTextFields.tsx';
import { allowlistEntries, type ExpiryChoice } from './apiKeyForm.ts';
import { PasswordField } from './PasswordField.tsx';
import { TwoFactorCodeField } from './TwoFactorCodeField.tsx';
import { type CreatedKey, useCreateApiKey } from './useCreateApiKey.ts';

/** The form; `onCreated` gets the key made (and an HMAC key's secret, this once). */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedKey) => void }) {
  const id = useId();
  const { is2FA, fields, set, errors, error, pending, submit } = useCreateApiKey(id, onCreated);

  return (
    <form
      className="settings-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id={`${id}-title`}>Create API key</h3>
      <ApiKeyLabelField
        prefix={id}
        value={fields.label}
        error={errors.label}
        onChange={(label) => set({ label })}
      />
      <ApiKeyKindChoice
        prefix={id}
        kind={fields.kind}
        publicKey={fields.publicKey}
        error={errors.publicKey}
        onChange={set}
      />
      <ApiKeyScopesField
        prefix={id}
        scopes={fields.scopes}
        hasAllowlist={allowlistEntries(fields.ipAllowlist).length > 0}
        error={errors.scopes}
        onChange={(scopes) => set({ scopes })}
      />
      <ApiKeyAllowlistField
        prefix={id}
        value={fields.ipAllowlist}
        error={errors.ipAllowlist}
        onChange={(ipAllowlist) => set({ ipAllowlist })}
      />
      <ApiKeyExpiryField
        prefix={id}
        value={fields.expiresAt}
        error={errors.expiresAt}
        onChange={(expiresAt: ExpiryChoice) => set({ expiresAt })}
      />
      <PasswordField
        prefix={id}
        name="password"
        label="Your password"
        autoComplete="current-password"
        value={fields.password}
        error={errors.password}
        onChange={(password) => set({ password })}
      />
      {is2FA && (
        <TwoFactorCodeField
          prefix={id}
          value={fields.twoFactorCode}
          error={errors.twoFactorCode}
          onChange={(twoFactorCode) => set({ twoFactorCode })}
        />
      )}
      <p className="field-hint">We e-mail you whenever a key is created.</p>
      <FormOutcome error={error} done="" />
      <div>
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Creating…' : 'Create API key'}
        </button>
      </div>
    </form>
  );
}
