import { CloudUploadOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type DragEvent, useRef, useState } from 'react';
import { PICKER_ACCEPT } from '../lib/validate-file';

export interface DropZoneProps {
  busy: boolean;
  onFiles(files: File[]): void;
}

/** Spec §2: a drag-and-drop zone beside a separate Browse Files picker. Both hand over every file picked. */
export function DropZone({ busy, onFiles }: DropZoneProps) {
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="upload-row">
      <div
        className={`drop-zone${dragging ? ' drop-zone--active' : ''}`}
        aria-label="Drop zone for an audio file"
        role="region"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <CloudUploadOutlined className="empty-icon" aria-hidden />
        <p>
          <strong>{busy ? 'Uploading…' : 'Drag and drop your audio file here'}</strong>
        </p>
        <p className="muted">MP3, MP4 or WAV, up to 50 MB, one file at a time</p>
      </div>
      <div className="browse-files">
        <Button icon={<FolderOpenOutlined />} size="large" loading={busy} onClick={() => picker.current?.click()}>
          Browse Files
        </Button>
        <input
          ref={picker}
          type="file"
          accept={PICKER_ACCEPT}
          aria-label="Choose an audio file"
          className="visually-hidden"
          tabIndex={-1}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length) onFiles(files);
          }}
        />
      </div>
    </div>
  );
}
