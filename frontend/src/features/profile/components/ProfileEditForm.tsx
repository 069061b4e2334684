import type { CurrentUser } from '@originality/contracts';
import { Button, Form, Input, Space } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { toastFailure } from '../../../lib/global-errors';
import { toast } from '../../../lib/toast';
import { fullName } from '../../../lib/user-display';
import { useUpdateProfile } from '../api/update-profile';
import {
  type ProfileFormErrors,
  type ProfileFormValues,
  toProfileUpdate,
  validateProfileForm,
} from '../lib/profile-form';

export function ProfileEditForm({ user, onDone }: { user: CurrentUser; onDone(): void }) {
  const ids = { fullName: useId(), username: useId() };
  const [values, setValues] = useState<ProfileFormValues>({
    fullName: fullName(user) ?? '',
    username: user.username ?? '',
  });
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const save = useUpdateProfile();

  const set = (field: keyof ProfileFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfileForm(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(toProfileUpdate(values), {
      onSuccess: () => {
        toast({
          title: 'Profile Updated',
          description: 'Your profile has been updated successfully.',
          variant: 'success',
        });
        onDone();
      },
      onError: (error) => toastFailure('Update Failed', error, 'Failed to update profile'),
    });
  };

  return (
    <Form component={false} layout="vertical">
      <form onSubmit={submit} className="profile-form" noValidate>
        <Form.Item
          label="Full name"
          htmlFor={ids.fullName}
          validateStatus={errors.fullName ? 'error' : undefined}
          help={errors.fullName}
        >
          <Input
            id={ids.fullName}
            value={values.fullName}
            onChange={set('fullName')}
            autoComplete="name"
            placeholder="First and last name"
          />
        </Form.Item>
        <Form.Item
          label="Username"
          htmlFor={ids.username}
          validateStatus={errors.username ? 'error' : undefined}
          help={errors.username}
        >
          <Input
            id={ids.username}
            value={values.username}
            onChange={set('username')}
            autoComplete="username"
            prefix="@"
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
          <Button onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
        </Space>
      </form>
    </Form>
  );
}
