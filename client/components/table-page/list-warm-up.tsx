// A list page's first opening ran antd's table, form, select, picker and pager code for the first time inside the
// click's task: V8 compiled each function at its first call, and antd set up each component's style variables. Those
// components rendered once, hidden, before that click (the layout asks when the menu offers a page other than home)
// leave the compiled code behind, and the click's task is shorter by about a third. The dialog a list's 新增 and 查看
// open, with the date-and-time picker, upload and tooltip of a bill form, are rendered with them. They are removed
// after one paint: a hidden tree kept mounted made later tab switches and scans slower. One small piece stays:
// antd writes each component's style variables into a <style> element while an instance is mounted and removes it
// with the last one, so the list page wrote ten of them again inside its click's task (~12 ms, and a style pass
// over the page for each); the style keeper holds one bare instance of each, hidden, for the session.
import { memo } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Tour,
  Upload,
} from 'antd';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';

const COLUMNS = [
  { title: 'a', dataIndex: 'a', key: 'a', sorter: true, width: 80 },
  { title: 'b', dataIndex: 'b', key: 'b', width: 80 },
];
const ROWS = [
  { key: 1, a: '1', b: '2' },
  { key: 2, a: '3', b: '4' },
];
const OPTIONS = [{ value: 1, label: '1' }];
const PAGINATION = {
  current: 1,
  pageSize: 10,
  total: 2,
  showSizeChanger: true,
  showQuickJumper: true,
  showTotal: () => '',
};
const ROW_SELECTION = { selectedRowKeys: [], onChange: () => undefined };
const FIELD_WIDTH = { width: 120 };
/** As the list view passes it: no scrollbar measure at the table's mount. */
const TAILOR: object = { tailor: true };

/** The list view's antd components: the search form's fields and buttons, the table with its selection and pager. */
const ListComponents = memo(function ListComponents() {
  return (
    <Card variant="borderless">
      <Form layout="inline">
        <Form.Item label="a" name="a">
          <Input allowClear />
        </Form.Item>
        <Form.Item label="b" name="b">
          <Select options={OPTIONS} allowClear showSearch style={FIELD_WIDTH} />
        </Form.Item>
        <Form.Item label="c" name="c">
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary">a</Button>
            <Button>b</Button>
          </Space>
        </Form.Item>
      </Form>
      <Checkbox />
      <Spin spinning={false}>
        <Table
          size="middle"
          bordered
          tableLayout="fixed"
          columns={COLUMNS}
          dataSource={ROWS}
          pagination={PAGINATION}
          rowSelection={ROW_SELECTION}
          {...TAILOR}
        />
      </Spin>
      {/* Closed, yet rendered (forceRender) in place (getContainer false): the dialog's code runs, nothing shows. */}
      <Modal open={false} forceRender getContainer={false} title="a" footer={<Button>a</Button>}>
        <Form layout="vertical">
          <Row gutter={12}>
            <Col xs={12} md={6}>
              <Form.Item label="d" name="d">
                <DatePicker showTime />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Tooltip title="a">
          <span>a</span>
        </Tooltip>
        <Upload>
          <Button>a</Button>
        </Upload>
      </Modal>
    </Card>
  );
});

const NO_ROWS: object[] = [];
const NO_STEPS: [] = [];

/** One bare instance of each component a list page and a bill form show, whose style variables antd keeps only while
 *  one is mounted. */
const StyleKeeper = memo(function StyleKeeper() {
  return (
    <Form>
      <Input />
      <Select />
      <DatePicker />
      <Button />
      <Tag />
      <Spin spinning={false} />
      <Table columns={COLUMNS} dataSource={NO_ROWS} pagination={PAGINATION} {...TAILOR} />
      <Upload />
      <Tour open={false} steps={NO_STEPS} />
    </Form>
  );
});

/** The list view's components rendered hidden (no box, out of the accessibility tree), then removed after a paint;
 *  the style keeper stays. */
export function ListWarmUp() {
  const painted = useAfterFirstPaint();
  return (
    <>
      <div hidden aria-hidden inert data-testid="list-style-keeper">
        <StyleKeeper />
      </div>
      {painted ? null : (
        <div hidden aria-hidden inert data-testid="list-warm-up">
          <ListComponents />
        </div>
      )}
    </>
  );
}
