import { Button, Dropdown, type MenuProps } from 'antd';
import { MessageOutlined, QuestionCircleOutlined, ReadOutlined } from '@ant-design/icons';
import { LINKS } from '../config/links';

const items: MenuProps['items'] = [
  {
    key: 'help',
    icon: <ReadOutlined />,
    label: (
      <a href={LINKS.helpCenter} target="_blank" rel="noopener noreferrer">
        Centro de ayuda
      </a>
    ),
  },
  {
    key: 'chat',
    icon: <MessageOutlined />,
    label: (
      <a href={LINKS.chat} target="_blank" rel="noopener noreferrer">
        Escribinos por WhatsApp
      </a>
    ),
  },
];

/** Ayuda menu of the top bar (spec doc 1 §2.5). */
export function HelpMenu({ compact }: { compact?: boolean }) {
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" icon={<QuestionCircleOutlined />} aria-label="Ayuda">
        {compact ? null : 'Ayuda'}
      </Button>
    </Dropdown>
  );
}
