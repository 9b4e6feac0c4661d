// The backend's menu icons are antd v3 type names; map the ones jshERP uses to @ant-design/icons. Unknown → none.
import {
  AccountBookOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  GiftOutlined,
  HddOutlined,
  HomeOutlined,
  MoneyCollectOutlined,
  PieChartOutlined,
  ProfileOutlined,
  RetweetOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  dashboard: <DashboardOutlined />,
  setting: <SettingOutlined />,
  profile: <ProfileOutlined />,
  shopping: <ShoppingOutlined />,
  'shopping-cart': <ShoppingCartOutlined />,
  appstore: <AppstoreOutlined />,
  retweet: <RetweetOutlined />,
  'money-collect': <MoneyCollectOutlined />,
  'pie-chart': <PieChartOutlined />,
  'bar-chart': <BarChartOutlined />,
  gift: <GiftOutlined />,
  hdd: <HddOutlined />,
  bank: <BankOutlined />,
  'account-book': <AccountBookOutlined />,
  database: <DatabaseOutlined />,
  'file-text': <FileTextOutlined />,
  shop: <ShopOutlined />,
  team: <TeamOutlined />,
  tool: <ToolOutlined />,
  user: <UserOutlined />,
};

export function menuIcon(name: string | null | undefined): ReactNode {
  return name ? (ICONS[name] ?? null) : null;
}
