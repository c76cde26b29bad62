/**
 * Canned support replies and their variables. Replies
 * are worded honestly: `verificationAmount` is the disclosed withdrawal amount above which
 * identity verification is required, never a sum anyone is asked to pay.
 */
import type { SupportVariables } from '../../../core/protocol/index.ts';

/** One ready-made reply: a short label for the button and its text with {variables}. */
export interface CannedReply {
  label: string;
  text: string;
}

/** The replies staff can insert into the message box. */
export const CANNED_REPLIES: readonly CannedReply[] = [
  {
    label: 'Greeting',
    text: 'Hello {login}! Thank you for contacting {projectName} support. How can we help you today?',
  },
  {
    label: 'Verification limit',
    text: 'Withdrawals above {verificationAmount} USD require identity verification (KYC), which you can complete in your account on {domain}. Verification is free: {projectName} never asks you to pay anything to verify or to withdraw.',
  },
  {
    label: 'Balance',
    text: 'Your account {email} shows a balance of {balance} USD; your deposits total {deposits} USD.',
  },
  {
    label: 'Referral code',
    text: 'Your referral code is {referalCode}. Friends who sign up on {domain} with it are linked to your account.',
  },
  {
    label: 'Account age',
    text: 'Your account was registered on {regDate}.',
  },
  {
    label: 'Closing',
    text: 'Is there anything else we can help you with? Best regards, the {projectName} team.',
  },
];

const VARIABLE = /\{(\w+)\}/g;

/** Replaces each known {variable} with its value; unknown names are left as written. */
export function fillReply(text: string, variables: SupportVariables | null): string {
  if (!variables) return text;
  return text.replace(VARIABLE, (whole, name: string) =>
    Object.hasOwn(variables, name) ? String(variables[name as keyof SupportVariables]) : whole,
  );
}
