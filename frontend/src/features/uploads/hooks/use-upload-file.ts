import type { Usage, UploadView } from '@originality/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { toastFailure } from '../../../lib/global-errors';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useUpgradeDialog } from '../../plans';
import { createUpload } from '../api/create-upload';
import { putFile } from '../api/put-file';
import { requestUploadUrl } from '../api/request-upload-url';
import { isLimitReached } from '../lib/usage';
import { checkPickedFiles } from '../lib/validate-file';

type Step = 'url' | 'put' | 'create';

const LIMIT_MESSAGE = 'Upload limit exceeded';

const mentionsLimit = (error: unknown) => error instanceof Error && error.message.includes(LIMIT_MESSAGE);

/**
 * Spec §4 upload flow: validate, check the limit, ask for an upload URL, send the bytes to it,
 * register the upload, then report. `onStarted` receives the new upload (its analysis has begun).
 */
export function useUploadFile({ usage, onStarted }: { usage: Usage | undefined; onStarted(upload: UploadView): void }) {
  const queryClient = useQueryClient();
  const openUpgrade = useUpgradeDialog();
  const step = useRef<Step>('url');

  const showLimitReached = () => {
    toast({
      title: 'Upload Limit Reached',
      description: "You've reached your monthly upload limit. Please upgrade to continue.",
      variant: 'destructive',
    });
    openUpgrade();
  };

  const mutation = useMutation({
    mutationFn: async (file: File) => {
      step.current = 'url';
      const { uploadURL, objectPath } = await requestUploadUrl(file);
      step.current = 'put';
      await putFile(uploadURL, file);
      step.current = 'create';
      return createUpload(file, objectPath);
    },
    onSuccess: (upload) => {
      toast({
        title: 'Upload Successful',
        description: 'Your audio file has been uploaded and analysis has started.',
        variant: 'success',
      });
      onStarted(upload);
    },
    onError: (error) => {
      if (mentionsLimit(error)) return showLimitReached();
      if (step.current === 'url') return toastFailure('Error', error, 'Failed to get upload URL. Please try again.');
      // The server's refusal ('Invalid File Type — …') says more than the generic text.
      toastFailure('Upload Failed', error, 'Failed to upload your file. Please try again.');
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.usage }),
        queryClient.invalidateQueries({ queryKey: queryKeys.uploads, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
      ]),
  });

  const uploadFiles = (files: readonly File[]) => {
    const checked = checkPickedFiles(files);
    if ('refusal' in checked) {
      toast({ ...checked.refusal, variant: 'destructive' });
      return;
    }
    if (usage && isLimitReached(usage)) return showLimitReached();
    mutation.mutate(checked.file);
  };

  return { uploadFiles, isUploading: mutation.isPending };
}
