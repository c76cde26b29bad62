/**
 * The fields of each verification step: personal details, address, identity document (with the
 * back side's photo only for documents that have one) and the selfie.
 */
import { useSnapshot } from 'valtio';
import { COUNTRIES } from '../../../core/countries.ts';
import {
  type KycApplication,
  type KycDetails,
  updateVerification,
  verification,
} from '../../../core/index.ts';
import { ID_TYPES, requiredPhotos } from '../../../core/kyc.ts';
import { KycSelectField } from './KycSelectField.tsx';
import { KycTextField } from './KycTextField.tsx';
import { PhotoField } from './PhotoField.tsx';

/** What every step's fields need: the form's id prefix, the problems found, the photos. */
export interface KycStepProps {
  prefix: string;
  problems: Partial<Record<keyof KycDetails, string>>;
  application: KycApplication;
  /** After an upload: takes the photos, keeps what is being typed on the step. */
  onPhotoSaved: (application: KycApplication) => void;
}

/** The fields of step `step` (counted from 0). */
export function KycStepFields({ step, ...props }: KycStepProps & { step: number }) {
  if (step === 0) return <PersonalFields {...props} />;
  if (step === 1) return <AddressFields {...props} />;
  if (step === 2) return <DocumentFields {...props} />;
  if (step === 3) return <SelfieField {...props} />;
  return null;
}

/** Step 1: the names and the date of birth. */
function PersonalFields({ prefix, problems }: KycStepProps) {
  return (
    <>
      <p className="field-hint">As written on your identity document.</p>
      <KycTextField
        prefix={prefix}
        field="firstName"
        problem={problems.firstName}
        props={{ autoComplete: 'given-name' }}
      />
      <KycTextField
        prefix={prefix}
        field="lastName"
        problem={problems.lastName}
        props={{ autoComplete: 'family-name' }}
      />
      <KycTextField
        prefix={prefix}
        field="dateOfBirth"
        problem={problems.dateOfBirth}
        props={{ type: 'date', autoComplete: 'bday' }}
        hint="You must be at least 18 years old."
      />
    </>
  );
}

/** Step 2: the country, the address and the phone. */
function AddressFields({ prefix, problems }: KycStepProps) {
  const form = useSnapshot(verification);
  const text = (field: 'city' | 'address' | 'zipCode', autoComplete: string) => (
    <KycTextField
      prefix={prefix}
      field={field}
      problem={problems[field]}
      props={{ autoComplete }}
    />
  );
  return (
    <>
      <KycSelectField
        prefix={prefix}
        field="countryId"
        value={form.countryId}
        choose={{ name: 'Choose your country', value: 0 }}
        options={COUNTRIES}
        problem={problems.countryId}
        autoComplete="country"
        onPick={(value) => updateVerification({ countryId: Number(value) })}
      />
      {text('city', 'address-level2')}
      {text('address', 'street-address')}
      {text('zipCode', 'postal-code')}
      <KycTextField
        prefix={prefix}
        field="phone"
        problem={problems.phone}
        props={{ type: 'tel', autoComplete: 'tel' }}
        hint="With the country code, e.g. +44 20 7946 0958."
      />
    </>
  );
}

/** Step 3: the document's type and number, and its photos. */
function DocumentFields({ prefix, problems, application, onPhotoSaved }: KycStepProps) {
  const form = useSnapshot(verification);
  const needsBack = requiredPhotos(form.idType as KycDetails['idType']).includes('back');
  return (
    <>
      <KycSelectField
        prefix={prefix}
        field="idType"
        value={form.idType}
        choose={{ name: 'Choose a document', value: '' }}
        options={ID_TYPES}
        problem={problems.idType}
        onPick={(value) => updateVerification({ idType: value })}
      />
      <KycTextField
        prefix={prefix}
        field="idNumber"
        problem={problems.idNumber}
        props={{ autoComplete: 'off', spellCheck: 'false' }}
      />
      <PhotoField
        slot="front"
        label={needsBack ? 'Front of the document' : 'Photo page of the document'}
        hint="A sharp, uncropped photo with all four corners visible. JPG, PNG or WebP."
        photo={application.front}
        onSaved={onPhotoSaved}
      />
      {needsBack && (
        <PhotoField
          slot="back"
          label="Back of the document"
          hint="The other side, as sharp as the front."
          photo={application.back}
          onSaved={onPhotoSaved}
        />
      )}
    </>
  );
}

/** Step 4: the selfie with the document. */
function SelfieField({ application, onPhotoSaved }: KycStepProps) {
  return (
    <PhotoField
      slot="selfie"
      label="Selfie with your document"
      hint="Your face and the document in one photo, both clearly visible."
      photo={application.selfie}
      onSaved={onPhotoSaved}
    />
  );
}
