import { Card } from 'antd';

const ROLES = [
  {
    name: 'Super Admin',
    level: 'highest level',
    can: [
      'All admin functions',
      'User role management',
      'Maintenance mode control',
      'System administration',
      'Bypass maintenance mode',
    ],
  },
  { name: 'Admin', can: ['View analytics and reports', 'Process refunds', 'Manage users', 'View upload activity'] },
  {
    name: 'User',
    can: ['Upload and analyze music', 'View personal results', 'Manage subscription', 'Access profile settings'],
  },
];

export function RolePermissionsCard() {
  return (
    <Card title="Role Permissions">
      <div className="role-grid">
        {ROLES.map((role) => (
          <section key={role.name}>
            <h3 className="card-title">
              {role.name}
              {role.level && <span className="muted"> ({role.level})</span>}
            </h3>
            <ul>
              {role.can.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Card>
  );
}
