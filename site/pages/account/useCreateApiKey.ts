/**
 * The create-API-key form's state and submit: the cheap checks first, then the server; a refusal
 * naming one of the form's fields is shown at that field, any other above the button. The first
 * field to fix takes the focus. The password and code are cleared once a key is made.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { type ApiKeyInfo, call, user } from '../../../core/index.ts';
import {
  type ApiKeyErrors,
  type ApiKeyField,
  type ApiKeyFields,
  createKeyParams,
  EMPTY_KEY_FORM,
  editKeyForm,
  FIELD_ORDER,
  fieldId,
  fieldOfParam,
  validateApiKeyForm,
} from './apiKeyForm.ts';

/** A key just made, and an HMAC key's secret, which the server answers this once. */
export interface CreatedKey {
  key: ApiKeyInfo;
  secret?: string;
}

/** The fields, messages and outcome of the form whose ids start with `prefix`. */
export function useCreateApiKey(prefix: string, onCreated: (created: CreatedKey) => void) {
  const { is2FA } = useSnapshot(user);
  const [fields, setFields] = useState<ApiKeyFields>(EMPTY_KEY_FORM);
  const [errors, setErrors] = useState<ApiKeyErrors>({});
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  // Set on a refused submit: the first field to fix takes the focus once its message is shown.
  const [focusField, setFocusField] = useState<ApiKeyField | null>(null);

  useEffect(() => {
    if (focusField === null) return;
    document.getElementById(fieldId(prefix, focusField))?.focus();
    setFocusField(null);
  }, [focusField, prefix]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateApiKeyForm(fields, is2FA);
    setErrors(found);
    setError('');
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) {
      setFocusField(first);
      return;
    }
    setPending(true);
    const reply = await call('apiKeys.create', createKeyParams(fields, is2FA, Date.now()));
    setPending(false);
    if (!reply.status) {
      const field = fieldOfParam(reply.param);
      if (field === null || (field === 'twoFactorCode' && !is2FA)) setError(reply.error_msg);
      else {
        setErrors({ [field]: reply.error_msg });
        setFocusField(field);
      }
      return;
    }
    setFields(EMPTY_KEY_FORM);
    onCreated(
      reply.secret === undefined ? { key: reply.key } : { key: reply.key, secret: reply.secret },
    );
  }

  const set = (patch: Partial<ApiKeyFields>) => setFields((shown) => editKeyForm(shown, patch));
  return { is2FA, fields, set, errors, error, pending, submit };
}
