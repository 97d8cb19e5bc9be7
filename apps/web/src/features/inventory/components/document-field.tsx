import { Button, Form, Input, Space, Tooltip, Upload } from 'antd';
import { FileSearchOutlined, PaperClipOutlined } from '@ant-design/icons';

/** Files the server accepts (PDF, JPEG, PNG, WebP up to 10 MB; it checks the content, this only filters the picker). */
export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

type Props = {
  name: 'invoice' | 'delivery_note';
  label: string;
  fileLabel: string;
  file: File | null;
  onFile: (file: File | null) => void;
  readLabel: string;
  onRead?: () => void;
  reading?: boolean;
};

/** Invoice / delivery-note number, its file (image or PDF) and the Leer button that prefills the form from it. */
export function DocumentField({ name, label, fileLabel, file, onFile, readLabel, onRead, reading }: Props) {
  return (
    <Form.Item label={label} style={{ marginBottom: 12 }}>
      <Space.Compact block>
        <Form.Item name={name} noStyle>
          <Input maxLength={40} aria-label={label} placeholder="0001-00001234" />
        </Form.Item>
      </Space.Compact>
      <Space wrap style={{ marginTop: 8 }}>
        <Upload
          accept={DOCUMENT_ACCEPT}
          maxCount={1}
          beforeUpload={(f) => {
            onFile(f);
            return false;
          }}
          onRemove={() => onFile(null)}
          fileList={file ? [{ uid: '-1', name: file.name, status: 'done' }] : []}
        >
          <Button icon={<PaperClipOutlined />} aria-label={fileLabel}>
            {fileLabel}
          </Button>
        </Upload>
        {onRead && (
          <Tooltip title={file ? 'Lee el código QR y los renglones del documento; revisá los datos antes de guardar' : 'Adjuntá el archivo para leerlo'}>
            <Button icon={<FileSearchOutlined />} disabled={!file} loading={reading} onClick={onRead}>
              {readLabel}
            </Button>
          </Tooltip>
        )}
      </Space>
    </Form.Item>
  );
}
