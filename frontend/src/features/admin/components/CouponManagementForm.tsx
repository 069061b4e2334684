import { COUPON_RULES, type CouponCreateRequest, type CouponDuration } from '@originality/contracts';
import { Alert, Button, Input, Select } from 'antd';
import { type FormEvent, type ReactElement, useId, useState } from 'react';
import { toastFailure } from '../../../lib/global-errors';
import { toast } from '../../../lib/toast';
import { useCreateCoupon } from '../api/create-coupon';

export interface CouponFormValues {
  code: string;
  discountPercent: string;
  duration: CouponDuration;
  durationInMonths: string;
  maxRedemptions: string;
}

const EMPTY: CouponFormValues = {
  code: '',
  discountPercent: '',
  duration: 'once',
  durationInMonths: '',
  maxRedemptions: '',
};

const DURATION_OPTIONS = [
  { value: 'once', label: 'One-time use' },
  { value: 'repeating', label: 'Repeating (monthly)' },
  { value: 'forever', label: 'Forever' },
];

const wholeAtLeast = (raw: string, min: number) => /^\d+$/.test(raw.trim()) && Number(raw) >= min;

/** Spec §5 coupon form rules; the first problem, or null when the form may be sent. */
export function couponFormProblem(values: CouponFormValues): string | null {
  if (!values.code.trim()) return 'Coupon Code is required.';
  const percent = values.discountPercent.trim();
  if (!wholeAtLeast(percent, 1) || Number(percent) > 100) return 'Discount Percent must be a number from 1 to 100.';
  if (values.duration === 'repeating' && values.durationInMonths.trim() && !wholeAtLeast(values.durationInMonths, 1))
    return 'Duration (Months) must be at least 1.';
  if (values.maxRedemptions.trim() && !wholeAtLeast(values.maxRedemptions, 1)) return 'Max Uses must be at least 1.';
  return null;
}

/** Spec §3 coupon create payload: code trimmed and upper case, percent as a string, optional integers only when filled. */
export function couponPayload(values: CouponFormValues): CouponCreateRequest {
  const months = values.duration === 'repeating' ? values.durationInMonths.trim() : '';
  const max = values.maxRedemptions.trim();
  return {
    code: values.code.trim().toUpperCase(),
    discountPercent: values.discountPercent.trim(),
    duration: values.duration,
    ...(months ? { durationInMonths: parseInt(months, 10) } : {}),
    ...(max ? { maxRedemptions: parseInt(max, 10) } : {}),
  };
}

function Field({ label, extra, children }: { label: string; extra?: string; children(id: string): ReactElement }) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {extra && <div className="muted">{extra}</div>}
    </div>
  );
}

/** Spec §2 create form; on success it closes and resets to an empty code, discount, max uses and 'once'. */
export function CouponManagementForm({ onCreated }: { onCreated(): void }) {
  const create = useCreateCoupon();
  const [values, setValues] = useState<CouponFormValues>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<CouponFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = couponFormProblem(values);
    setProblem(found);
    if (found) return;
    create.mutate(couponPayload(values), {
      onSuccess: () => {
        toast({
          title: 'Coupon Created',
          description: 'The coupon has been created successfully.',
          variant: 'success',
        });
        setValues(EMPTY);
        onCreated();
      },
      onError: (error) => toastFailure('Create Failed', error, 'Create failed'),
    });
  };

  return (
    <form className="stack" onSubmit={submit} aria-label="New coupon" noValidate>
      <Field label="Coupon Code">
        {(id) => (
          <Input
            id={id}
            placeholder="WELCOME50"
            maxLength={COUPON_RULES.codeMaxLength}
            value={values.code}
            onChange={(e) => set({ code: e.target.value })}
          />
        )}
      </Field>
      <Field label="Discount Percent">
        {(id) => (
          <Input
            id={id}
            inputMode="numeric"
            value={values.discountPercent}
            onChange={(e) => set({ discountPercent: e.target.value })}
          />
        )}
      </Field>
      <Field label="Duration">
        {(id) => (
          <Select
            id={id}
            options={DURATION_OPTIONS}
            value={values.duration}
            onChange={(duration: CouponDuration) => set({ duration })}
          />
        )}
      </Field>
      {values.duration === 'repeating' && (
        <Field label="Duration (Months)">
          {(id) => (
            <Input
              id={id}
              inputMode="numeric"
              value={values.durationInMonths}
              onChange={(e) => set({ durationInMonths: e.target.value })}
            />
          )}
        </Field>
      )}
      <Field label="Max Uses (Optional)" extra="Leave blank for unlimited">
        {(id) => (
          <Input
            id={id}
            inputMode="numeric"
            value={values.maxRedemptions}
            onChange={(e) => set({ maxRedemptions: e.target.value })}
          />
        )}
      </Field>
      {problem && <Alert type="error" showIcon title={problem} />}
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create Coupon'}
      </Button>
    </form>
  );
}
