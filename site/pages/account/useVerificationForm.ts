/**
 * The verification form's moves: each step is checked and saved on the server as it is left (so a
 * person can stop and come back where they were), and the last one submits the application.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { call, type KycApplication, type KycDetails, verification } from '../../../core/index.ts';
import { fieldOfParam, STEPS, stepProblems } from './verification.ts';

type Problems = Partial<Record<keyof KycDetails, string>>;

/**
 * The current step, its problems, the refusal and whether a request is out, with `save` (go to a
 * step) and `submit`; `prefix` is the form's id prefix, whose fields take the focus when wrong.
 */
export function useVerificationForm(
  prefix: string,
  onSaved: (application: KycApplication) => void,
  onSubmitted: () => Promise<void>,
) {
  const form = useSnapshot(verification);
  const step = Math.min(form.currentStep, STEPS.length - 1);
  const current = STEPS[step] ?? STEPS[0];
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const [moved, setMoved] = useState(false);

  useEffect(() => {
    if (moved) heading.current?.focus();
  }, [moved]);

  const fieldsOf = (fields: readonly (keyof KycDetails)[]) =>
    Object.fromEntries(fields.map((field) => [field, verification[field]])) as Partial<KycDetails>;

  async function save(next: number): Promise<boolean> {
    if (current === undefined) return false;
    const found = next > step ? stepProblems(current, verification) : {};
    setProblems(found);
    setError('');
    const first = current.fields.find((field) => found[field]);
    if (first !== undefined) {
      document.getElementById(`${prefix}-${first}`)?.focus();
      return false;
    }
    setPending(true);
    const reply = await call('kyc.saveDraft', { ...fieldsOf(current.fields), currentStep: next });
    setPending(false);
    if (!reply.status) {
      const field = fieldOfParam(reply.param);
      if (field !== null && current.fields.includes(field)) {
        setProblems({ [field]: reply.error_msg });
        document.getElementById(`${prefix}-${field}`)?.focus();
      } else setError(reply.error_msg);
      return false;
    }
    onSaved(reply.application);
    setMoved(true);
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (step < STEPS.length - 1) {
      await save(step + 1);
      return;
    }
    setError('');
    setPending(true);
    const reply = await call('kyc.submit', {});
    setPending(false);
    if (!reply.status) setError(reply.error_msg);
    else await onSubmitted();
  }

  return { step, current, problems, error, pending, heading, save, submit };
}
