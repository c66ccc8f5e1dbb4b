import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { LightIcon } from '../../../components/light-icon';
import styles from './login-alert.module.css';

/** antd's error Alert, by hand: the login page loads no antd. */
export function LoginAlert({ text, testId }: { text: string; testId: string }) {
  return (
    <div className={styles.alert} role="alert" data-testid={testId}>
      <LightIcon icon={CloseCircleFilled} className={styles.icon} />
      <span>{text}</span>
    </div>
  );
}
