import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { ImageOff, ImageUp, LoaderCircle, Trash2 } from 'lucide-react';
import { toast } from '#client/components/ui/toast.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { uploadMenuImage } from '../api/upload-image.ts';
import { prepareImage } from '../lib/image-shrink.ts';

interface Props {
  id: string;
  /** The stored image path, or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** True while a photo is uploading (the item cannot be saved meanwhile). */
  onBusyChange: (busy: boolean) => void;
  invalid?: boolean;
}

const UPLOAD_FAILED = 'Failed to upload image. Please try again.';

/**
 * Spec back-office §2, §4, §5: preview, file input, Remove. A picked photo shows at once; when
 * the upload fails the preview goes back to the previous image.
 */
export function ImageUploader({ id, value, onChange, onBusyChange, invalid }: Props) {
  // What the browser shows for a photo picked here: its own copy, for the path it was saved at.
  const [local, setLocal] = useState<{ url: string; path: string | null } | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const localUrl = local?.url;
  // A picked photo's copy is let go once another replaces it, or the dialog closes.
  useEffect(
    () => () => {
      if (localUrl) URL.revokeObjectURL(localUrl);
    },
    [localUrl],
  );

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onBusyChange(busy);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be picked again after a failure.
    event.target.value = '';
    if (!file) return;

    const prepared = await prepareImage(file);
    if (!prepared.ok) {
      if (prepared.reason === 'type') {
        toast.error('Invalid File Type', {
          description: 'Please select an image file (JPG, PNG, GIF, etc.)',
        });
      } else {
        toast.error('File Too Large', { description: 'Please select an image smaller than 5MB' });
      }
      return;
    }

    const url = URL.createObjectURL(prepared.file);
    setLocal({ url, path: null });
    setBusy(true);
    try {
      const path = await uploadMenuImage(prepared.file, prepared.fileName);
      setLocal({ url, path });
      onChange(path);
      toast.success('Upload Successful', {
        description: 'The photo is uploaded. Save the item to keep it.',
      });
    } catch (error) {
      // Back to the previous image.
      setLocal(null);
      toast.error('Upload Failed', {
        description: (error instanceof ApiError && error.serverMessage) || UPLOAD_FAILED,
      });
    } finally {
      setBusy(false);
    }
  };

  const shown = local && (local.path === null || local.path === value) ? local.url : value;

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative grid size-28 shrink-0 place-items-center overflow-hidden rounded-2xl bg-stone-100 ring-1 ring-char-900/10">
        {shown ? (
          <img
            src={shown}
            alt="Photo preview"
            className="size-full object-cover"
            width={112}
            height={112}
          />
        ) : (
          <ImageOff aria-label="No photo" className="size-8 text-char-700" />
        )}
        {uploading && (
          <span className="absolute inset-0 grid place-items-center bg-white/70">
            <LoaderCircle aria-hidden className="size-8 animate-spin text-ember-600" />
          </span>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => input.current?.click()}
            disabled={uploading}
            aria-describedby={`${id}-hint`}
          >
            <ImageUp aria-hidden className="size-4" />
            {shown ? 'Replace photo' : 'Upload photo'}
          </Button>
          {value && !uploading && (
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              onClick={() => {
                setLocal(null);
                onChange(null);
              }}
            >
              <Trash2 aria-hidden className="size-4" />
              Remove
            </Button>
          )}
        </div>
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-invalid={invalid}
          onChange={(event) => void pick(event)}
        />
        <p
          id={`${id}-hint`}
          className="text-xs text-char-700"
          role={uploading ? 'status' : undefined}
        >
          {uploading
            ? 'Uploading…'
            : 'JPG, PNG, GIF or WebP. A photo over 5 MB is made smaller before it is sent.'}
        </p>
      </div>
    </div>
  );
}
