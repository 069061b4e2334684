import { CloudUploadOutlined } from '@ant-design/icons';
import { Card, Empty } from 'antd';

/** Where the upload zone and history go; said plainly until the upload service is live. */
export function UploadsComingSoon() {
  return (
    <Card>
      <Empty
        image={<CloudUploadOutlined className="empty-icon" aria-hidden />}
        description={
          <>
            <strong>Uploads open in the next release.</strong>
            <br />
            You will be able to upload MP3, MP4 or WAV files up to 50 MB and follow each analysis here.
          </>
        }
      />
    </Card>
  );
}
