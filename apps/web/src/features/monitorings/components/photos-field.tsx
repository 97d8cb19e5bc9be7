import { useEffect, useMemo } from 'react';
import { Button, Image, Space, Spin, Typography, Upload } from 'antd';
import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { toast } from '../../../components/feedback';
import { usePhotoUrl } from '../queries';
import { MON_TEXT } from '../texts';
import type { MonitoringPhoto } from '@fm/domain';

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp';
const TILE = { width: 96, height: 96, objectFit: 'cover' as const, borderRadius: 6 };

function StoredPhoto({ photo, onRemove }: { photo: MonitoringPhoto; onRemove: () => void }) {
  const url = usePhotoUrl(photo.file_id);
  return (
    <Space direction="vertical" size={2} align="center">
      {url.data ? <Image src={url.data} alt={photo.original_name} style={TILE} /> : <Spin />}
      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Quitar ${photo.original_name}`} onClick={onRemove} />
    </Space>
  );
}

function PendingPhoto({ file, onRemove }: { file: File; onRemove: () => void }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Space direction="vertical" size={2} align="center">
      <Image src={url} alt={file.name} style={TILE} />
      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Quitar ${file.name}`} onClick={onRemove} />
    </Space>
  );
}

type Props = {
  stored: MonitoringPhoto[];
  pending: File[];
  onAdd: (files: File[]) => void;
  onRemovePending: (file: File) => void;
  onRemoveStored: (photo: MonitoringPhoto) => void;
};

/**
 * Photos with previews: the saved ones (loaded with the session) and the chosen ones, uploaded when the monitoring is
 * saved. The browser checks type and size first; the server checks the bytes again.
 */
export function PhotosField({ stored, pending, onAdd, onRemovePending, onRemoveStored }: Props) {
  const accept = (file: File) => {
    if (!ACCEPT.split(',').includes(file.type)) {
      toast.error(`${file.name}: ${MON_TEXT.photoNotImage}`);
      return false;
    }
    if (file.size > MAX_BYTES) {
      toast.error(`${file.name}: ${MON_TEXT.photoTooLarge}`);
      return false;
    }
    return true;
  };
  return (
    <div>
      <Space wrap size={12} style={{ marginBottom: 8 }}>
        {stored.map((p) => (
          <StoredPhoto key={p.monitoring_photo_id} photo={p} onRemove={() => onRemoveStored(p)} />
        ))}
        {pending.map((f, i) => (
          <PendingPhoto key={`${f.name}-${i}`} file={f} onRemove={() => onRemovePending(f)} />
        ))}
      </Space>
      <div>
        <Upload
          accept={ACCEPT}
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            if (accept(file)) onAdd([file]);
            return false;
          }}
        >
          <Button icon={<CameraOutlined />}>{MON_TEXT.addPhotos}</Button>
        </Upload>
        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
          {MON_TEXT.photoHint}
        </Typography.Text>
      </div>
    </div>
  );
}
